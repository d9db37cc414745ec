/*
 * A stand-in for a compiled test binary of branch_by_warp, for
 * test_speed_rule.py: it solves every case on the CPU and, on the case the
 * engine marked `measure`, reports the speed measurement that
 * harness/runtime/run_cases.cu would (wire.h: measured_reps, learner_ms,
 * baseline_ms), with the two medians taken from the environment:
 *   FAKE_LEARNER_MS, FAKE_BASELINE_MS   the medians to report (default 1 and 2)
 *   FAKE_NO_MEASURE=1                   report no measurement at all
 *   FAKE_WRONG=1                        path_b for element 0 (a wrong answer)
 *   FAKE_PAGEABLE=1                     set CJ_HOST_PAGEABLE on every case
 *   FAKE_BLOCKED=1                      set CJ_HOST_BLOCKED on every case
 * Where the engine hands the device lock over (wire.h: lock_handoff, with
 * CUDAJUDGE_SHARE_DEVICE), it asks for the device alone around the
 * measurement, as the runner does: a measurement made without it is dropped.
 *
 * path_a and path_b are those of harness/problems/branch_by_warp/given.cuh; inputs come from
 * a pool of a few thousand values, so results are remembered by input bits.
 */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wire.h"

/* The logistic map r v (1 - v), `steps` times, as the template's path_a (r = 3.9,
 * 512 steps) and path_b (r = 3.7, 384 steps) compute it: one multiplication and one
 * fmaf a step, so the floats are the same bit for bit. */
static float logistic(float v, float r, int steps)
{
	for (int k = 0; k < steps; ++k) {
		float t = r * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

#define MEMO 65536 /* open addressing, far more slots than pool values */
static uint32_t memo_key[MEMO];
static float memo_a[MEMO], memo_b[MEMO];
static unsigned char memo_used[MEMO];

static float remembered(float x, int odd)
{
	uint32_t bits;
	memcpy(&bits, &x, sizeof bits);
	uint32_t h = (bits * 2654435761u) % MEMO;
	while (memo_used[h] && memo_key[h] != bits)
		h = (h + 1) % MEMO;
	if (!memo_used[h]) {
		memo_used[h] = 1;
		memo_key[h] = bits;
		memo_a[h] = logistic(x, 3.9f, 512); /* path_a */
		memo_b[h] = logistic(x, 3.7f, 384); /* path_b */
	}
	return odd ? memo_b[h] : memo_a[h];
}

static float env_ms(const char *name, float fallback)
{
	const char *v = getenv(name);
	return v && *v ? strtof(v, NULL) : fallback;
}

/* The runner's side of the device lock's handover (run_cases.cu): false
 * when the engine said no (2), and nothing is measured. */
static bool alone(struct cj_wire_header *h, bool want)
{
	if (!h->lock_handoff)
		return true;
	__atomic_store_n(&h->want_alone, want ? 1u : 0u, __ATOMIC_RELEASE);
	uint32_t got;
	while ((got = __atomic_load_n(&h->alone, __ATOMIC_ACQUIRE)) != (want ? 1u : 0u) &&
	       !(want && got == 2))
		usleep(1000);
	return got == (want ? 1u : 0u);
}

int main(int argc, char **argv)
{
	if (argc != 5 || strcmp(argv[1], "--wire") != 0)
		return CJ_EXIT_BAD_WIRE;
	int fd = atoi(argv[2]);
	struct stat st;
	if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(struct cj_wire_header))
		return CJ_EXIT_BAD_WIRE;
	unsigned char *file =
	        mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (file == MAP_FAILED)
		return CJ_EXIT_BAD_WIRE;
	struct cj_wire_header *h = (struct cj_wire_header *)file;
	if (h->magic != CJ_WIRE_MAGIC || h->version != CJ_WIRE_VERSION)
		return CJ_EXIT_BAD_WIRE;
	for (uint32_t i = 0; i < h->ncases; ++i) {
		struct cj_wire_case *c = &h->cases[i];
		h->current = (int32_t)i;
		c->state = CJ_CASE_STARTED;
		const float *x = (const float *)(file + c->buf[0].offset);
		float *y = (float *)(file + c->buf[1].offset);
		int64_t n = c->param[0];
		for (int64_t k = 0; k < n; ++k)
			y[k] = remembered(x[k], (int)(k % 2));
		if (getenv("FAKE_WRONG") && n > 0)
			y[0] = remembered(x[0], 1);
		if (c->measure && !getenv("FAKE_NO_MEASURE")) {
			if (alone(h, true)) {
				c->measured_reps = 15;
				c->learner_ms = env_ms("FAKE_LEARNER_MS", 1.0f);
				c->baseline_ms = env_ms("FAKE_BASELINE_MS", 2.0f);
			}
			alone(h, false);
		}
		if (getenv("FAKE_PAGEABLE"))
			c->host_flags |= CJ_HOST_PAGEABLE;
		if (getenv("FAKE_BLOCKED"))
			c->host_flags |= CJ_HOST_BLOCKED;
		c->state = CJ_CASE_DONE;
	}
	h->current = -1;
	return CJ_EXIT_OK;
}
