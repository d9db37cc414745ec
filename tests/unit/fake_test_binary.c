/*
 * A stand-in for a compiled test binary of the warp_scan exercise, for
 * test_engine_fake.py: `cudajudge judge --prebuilt fake_test_binary` runs it
 * instead of compiling anything, so the engine's judging can be tested
 * without nvcc or a GPU.
 *
 * It speaks the test binary's side of the case file (harness/runtime/wire.h)
 * exactly as harness/runtime/run_cases.cu does: maps the descriptor given by
 * --wire, and for each case sets h->current, marks the case STARTED, writes
 * the output buffer, marks it DONE. The "device" is the CPU: warp_scan's
 * launch glue (harness/problems/warp_scan/glue.cuh) scans each aligned run of 32
 * elements, param[2] times, with int32 wrap-around; buffer 0 is the input,
 * buffer 1 the output, param[0] elements each.
 *
 * What it gets wrong is chosen by the environment variable FAKE_MODE:
 *   solve          correct
 *   print_pass     prints PASS, ACCEPTED and a fake summary line on stdout and
 *                  stderr, marks every case DONE, writes nothing
 *   exit_early     solves case 0, then exit(0)
 *   hang           solves case 0, marks case 1 STARTED, sleeps forever
 *   burn           solves case 0, marks case 1 STARTED, spins on the CPU
 *   hog            solves case 0, then in case 1 holds 256 MiB of shared
 *                  anonymous memory (which RLIMIT_DATA does not count) and
 *                  sleeps forever
 *   crash          solves case 0, then SIGSEGV in case 1
 *   flood          prints forever, before any case
 *   chatty         prints 10000 bytes, then solves everything
 *   mark_done      marks every case DONE without writing outputs
 *   off_by_one     adds 1 to element 5 of each case (and to the last element
 *                  of cases longer than 64); FAKE_OFF_BY_ONE=1 does the same
 *                  in any other mode that writes outputs
 *   exclusive      an exclusive scan instead of an inclusive one
 *   guard          case 0: guard_buf 1, guard_side +1, guard_offset 0, FAILED,
 *                  exit 3
 *   cuda_error     solves case 0; case 1 FAILED with cuda_error 700 and
 *                  "cudaDeviceSynchronize: an illegal memory access was
 *                  encountered", exit 3
 *   cuda_error_long  the same with a full error field (no NUL)
 *   guard_bad_index  case 0 FAILED naming guard buffer 99, exit 3
 *   stale_header   solves everything, then scribbles over the header: buffer
 *                  offsets, counts, ncases, current, magic, params
 *   redirect       points each case's output offset at its input, then solves
 *                  (so the real output buffer is never written)
 *   exit_after     solves everything, then exits 1
 *   hang_after     solves everything, then sleeps forever
 *   state_garbage  solves case 0, sets case 1's state to 42, exits 0
 *   timed          solves everything; the timed case reports 5 reps with a
 *                  median of 0.5 ms (min 0.4, max 0.7). When the engine hands
 *                  the device lock over (wire.h: lock_handoff), it asks for
 *                  the device alone first, as the runner does, and with
 *                  FAKE_MARK=PATH creates PATH.asking before it asks and
 *                  PATH.alone once it has it, then waits 1 s alone; asked
 *                  for rounds (--timing-rounds), three rounds: its medians
 *                  0.6, 0.45 and 0.4 ms, the reference's 0.3, 0.3 and 0.1
 *   timed_unasked  the same times, without asking for the device alone
 *   timed_wrong    off_by_one's answers, asking to time its timed case as
 *                  timed does: times nothing when the engine says no
 *   timed_wrong_last  the same, with every case right but the timed one
 *   truncate       solves everything, then truncates the case file to 0 bytes
 *   linger         solves everything, says it is done (wire.h: done_s), then
 *                  sleeps for 60 s (a device context's release, long): the
 *                  engine ends the run when it says so
 *   left_out_unasked  solves every case but the timed one, which it marks
 *                  left out (wire.h: CJ_CASE_LEFT_OUT) without asking
 *   no_device | wrong_arch | bad_wire   exits 5 | 4 | 6 at once
 *
 * In every mode, when the engine asks it to (wire.h: ask_big), it asks
 * before each big case whether to run it, as the runner does, and leaves
 * the case out when the engine says so.
 * In every mode that ends with exit status 0 after its last case, it says
 * it is done just before it ends, as the runner does.
 *
 * Before anything else it checks how it was started: exactly
 * `--wire FD --expect-cc 0`, standard input empty, and no open descriptors
 * but 0, 1, 2 and FD. Anything else exits 6 (CJ_EXIT_BAD_WIRE) with a
 * message on stderr, which the engine reports as a judge error.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "wire.h"
#include "wire_go.h"

static const char *mode = "solve";
static bool hosted; /* loaded by the host runner (FAKE_HOSTED) */
static unsigned char *file;
static uint64_t file_size;

/* Creates FAKE_MARK's path with `suffix`, when asked to. */
static void mark(const char *suffix)
{
	const char *base = getenv("FAKE_MARK");
	if (!base)
		return;
	char path[4096];
	snprintf(path, sizeof path, "%s%s", base, suffix);
	FILE *f = fopen(path, "w");
	if (f)
		fclose(f);
}

/* The runner's side of the device lock's handover (run_cases.cu): false
 * when the engine said no (2: not alone in time, or a case before was
 * wrong), and nothing is timed. */
static bool alone(struct cj_wire_header *h, bool want)
{
	if (!h->lock_handoff)
		return true;
	if (want)
		mark(".asking");
	__atomic_store_n(&h->want_alone, want ? 1u : 0u, __ATOMIC_RELEASE);
	uint32_t got;
	while ((got = __atomic_load_n(&h->alone, __ATOMIC_ACQUIRE)) != (want ? 1u : 0u) &&
	       !(want && got == 2))
		usleep(1000);
	if (want && got == 1) {
		mark(".alone");
		if (getenv("FAKE_MARK")) /* time for the test to look at the lock */
			usleep(1000 * 1000);
	}
	return got == (want ? 1u : 0u);
}

/* The runner's asking before a big case (run_cases.cu: may_run). */
static bool may_run(struct cj_wire_header *h, uint32_t i)
{
	if (!h->ask_big || !h->cases[i].big)
		return true;
	int32_t asked = (int32_t)i + 1;
	__atomic_store_n(&h->asking, asked, __ATOMIC_RELEASE);
	int32_t got;
	while ((got = __atomic_load_n(&h->answer, __ATOMIC_ACQUIRE)) != asked && got != -asked)
		usleep(1000);
	return got == asked;
}

static _Noreturn void bad(const char *why, long detail)
{
	fprintf(stderr, "fake_test_binary: %s (%ld)\n", why, detail);
	exit(CJ_EXIT_BAD_WIRE);
}

static bool is(const char *m)
{
	return strcmp(mode, m) == 0;
}

static _Noreturn void sleep_forever(void)
{
	for (;;)
		sleep(1000);
}

static void check_start(int argc, char **argv, int *fd)
{
	if (argc != 5 || strcmp(argv[1], "--wire") != 0 || strcmp(argv[3], "--expect-cc") != 0 ||
	    strcmp(argv[4], "0") != 0)
		bad("expected exactly --wire FD --expect-cc 0", argc);
	char *end;
	long v = strtol(argv[2], &end, 10);
	if (*end || v < 3 || v > 1 << 20)
		bad("bad --wire descriptor", v);
	*fd = (int)v;

	char c;
	if (read(0, &c, 1) != 0)
		bad("standard input is not empty", 0);
	DIR *d = hosted ? NULL : opendir("/proc/self/fd");
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (e->d_name[0] == '.')
				continue;
			int x = atoi(e->d_name);
			if (x > 2 && x != *fd && x != dirfd(d))
				bad("a descriptor the engine should have closed is open", x);
		}
		closedir(d);
	}
}

/* The case's input and output, after checking that they are what
 * warp_scan's harness makes: n int32 elements each, inside the file. */
static void buffers(struct cj_wire_case *c, int32_t **in, int32_t **out, int64_t *n)
{
	*n = c->param[0];
	if (c->nbuf != 2 || *n < 1)
		bad("not a warp_scan case", (long)c->nbuf);
	for (int b = 0; b < 2; ++b) {
		const struct cj_wire_buf *w = &c->buf[b];
		if (w->elem != CJ_I32 || w->role != (b ? CJ_OUT : CJ_IN) ||
		    w->count != (uint64_t)*n)
			bad("unexpected buffer", b);
		if (w->offset % CJ_ALIGN || w->offset + w->count * CJ_ELEM_SIZE > file_size)
			bad("buffer outside the file", b);
	}
	*in = (int32_t *)(file + c->buf[0].offset);
	*out = (int32_t *)(file + c->buf[1].offset);
}

/* What the device would compute: inclusive (or exclusive) scans of each
 * aligned run of 32 elements, `passes` times. */
static void scan(const int32_t *in, int32_t *out, int64_t n, int passes, bool exclusive)
{
	for (int64_t w = 0; w < n; w += 32) {
		uint32_t lane[32] = {0};
		for (int k = 0; k < 32 && w + k < n; ++k)
			lane[k] = (uint32_t)in[w + k];
		for (int p = 0; p < passes; ++p) {
			uint32_t sum = 0;
			for (int k = 0; k < 32; ++k) {
				uint32_t v = lane[k];
				lane[k] = exclusive ? sum : sum + v;
				sum += v;
			}
		}
		for (int k = 0; k < 32 && w + k < n; ++k)
			out[w + k] = (int32_t)lane[k];
	}
}

static void solve(struct cj_wire_case *c)
{
	int32_t *in, *out;
	int64_t n;
	buffers(c, &in, &out, &n);
	scan(in, out, n, (int)c->param[2], is("exclusive"));
	if (is("off_by_one") || is("timed_wrong") || getenv("FAKE_OFF_BY_ONE")) {
		if (n > 5)
			out[5] = (int32_t)((uint32_t)out[5] + 1u);
		if (n > 64)
			out[n - 1] = (int32_t)((uint32_t)out[n - 1] + 1u);
	}
	if (is("timed_wrong_last") && c->timed && n > 5)
		out[5] = (int32_t)((uint32_t)out[5] + 1u);
}

static void print_both(const char *s)
{
	fputs(s, stdout);
	fflush(stdout);
	fputs(s, stderr);
	fflush(stderr);
}

#ifdef FAKE_HOSTED
/* Loaded by the host runner (FAKE_HOSTED): its entry, whose words are the
 * runner's, `--program FILE.so` first; the program's own follow. The
 * runner's device start may hold descriptors of its own. */
static int fake_main(int argc, char **argv);

int cj_hosted_main(int argc, char **argv, unsigned char *mapped, size_t bytes, long long started_ns)
{
	(void)mapped;
	(void)bytes;
	(void)started_ns;
	if (argc != 7 || strcmp(argv[1], "--program") != 0)
		bad("expected the host runner's --program FILE.so first", argc);
	hosted = true;
	char *own[] = {argv[2], argv[3], argv[4], argv[5], argv[6], NULL};
	return fake_main(5, own);
}
#define main fake_main
#endif

int main(int argc, char **argv)
{
	const char *m = getenv("FAKE_MODE");
	if (m && *m)
		mode = m;
	if (is("no_device"))
		return CJ_EXIT_NO_DEVICE;
	if (is("wrong_arch"))
		return CJ_EXIT_WRONG_ARCH;
	if (is("bad_wire"))
		return CJ_EXIT_BAD_WIRE;

	int fd;
	check_start(argc, argv, &fd);
	struct stat st;
	if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(struct cj_wire_header))
		bad("cannot stat the case file", errno);
	file_size = (uint64_t)st.st_size;
	file = mmap(NULL, file_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (file == MAP_FAILED)
		bad("cannot map the case file", errno);
	struct cj_wire_header *h = (struct cj_wire_header *)file;
	if (h->magic != CJ_WIRE_MAGIC || h->version != CJ_WIRE_VERSION || h->size > file_size ||
	    h->ncases < 1 || h->ncases > 64 || h->current != -1)
		bad("bad header", (long)h->ncases);

	if (is("flood")) {
		static char line[] = "a learner program printing forever\n";
		for (;;)
			fwrite(line, 1, sizeof line - 1, stdout);
	}
	if (is("chatty")) {
		for (int i = 0; i < 10000; ++i)
			putchar(i % 100 == 99 ? '\n' : 'c');
		fflush(stdout);
	}
	if (is("print_pass")) {
		print_both("PASS\nACCEPTED\n{\"type\":\"summary\",\"verdict\":\"AC\"}\n");
		for (uint32_t i = 0; i < h->ncases; ++i) {
			h->current = (int32_t)i;
			h->cases[i].state = CJ_CASE_STARTED;
			h->cases[i].state = CJ_CASE_DONE;
		}
		h->current = -1;
		return CJ_EXIT_OK;
	}

	for (uint32_t i = 0; i < h->ncases; ++i) {
		struct cj_wire_case *c = &h->cases[i];
		if (!may_run(h, i) || (c->timed && is("left_out_unasked"))) {
			c->state = CJ_CASE_LEFT_OUT;
			continue;
		}
		h->current = (int32_t)i;
		c->state = CJ_CASE_STARTED;
		if (i == 0 && is("guard")) {
			c->guard_buf = 1;
			c->guard_side = 1;
			c->guard_offset = 0;
			c->state = CJ_CASE_FAILED;
			return CJ_EXIT_CASE_FAILED;
		}
		if (i == 0 && is("guard_bad_index")) {
			c->guard_buf = 99;
			c->guard_side = 1;
			c->state = CJ_CASE_FAILED;
			return CJ_EXIT_CASE_FAILED;
		}
		if (i == 1) {
			if (is("exit_early")) {
				c->state = CJ_CASE_PENDING; /* never got to it */
				exit(0);
			}
			if (is("hang"))
				sleep_forever();
			if (is("burn"))
				for (volatile unsigned long x = 0;; ++x)
					;
			if (is("hog")) {
				size_t bytes = (size_t)256 << 20;
				char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
				               MAP_SHARED | MAP_ANONYMOUS, -1, 0);
				if (p != MAP_FAILED)
					memset(p, 1, bytes);
				sleep_forever();
			}
			if (is("crash")) {
				volatile int *p = NULL;
				*p = 1;
			}
			if (is("state_garbage")) {
				c->state = 42;
				return CJ_EXIT_OK;
			}
			if (is("cuda_error") || is("cuda_error_long")) {
				if (is("cuda_error"))
					snprintf(c->error, sizeof c->error, "%s",
					         "cudaDeviceSynchronize: an illegal memory access "
					         "was "
					         "encountered");
				else
					memset(c->error, 'x', sizeof c->error);
				c->cuda_error = 700;
				c->state = CJ_CASE_FAILED;
				return CJ_EXIT_CASE_FAILED;
			}
		}
		if (is("redirect"))
			c->buf[1].offset = c->buf[0].offset;
		if (!is("mark_done"))
			solve(c);
		if ((is("timed") || is("timed_unasked") || is("timed_wrong") ||
		     is("timed_wrong_last")) &&
		    c->timed) {
			if (!is("timed_unasked") && !alone(h, true)) {
				alone(h, false);
				c->state = CJ_CASE_DONE;
				continue; /* timed nothing */
			}
			c->reps = 5;
			c->median_ms = 0.5f;
			c->min_ms = 0.4f;
			c->max_ms = 0.7f;
			if (h->rounds > 1) { /* --timing-rounds: three rounds, the reference too */
				static const float mine[] = {0.6f, 0.45f, 0.4f},
				                   ref[] = {0.3f, 0.3f, 0.1f};
				c->rounds = 3;
				c->ref_reps = 15;
				c->ref_median_ms = 0.3f;
				for (int k = 0; k < 3; ++k) {
					c->round_median_ms[k] = mine[k];
					c->round_ref_median_ms[k] = ref[k];
				}
			}
			if (!is("timed_unasked"))
				alone(h, false);
		}
		c->state = CJ_CASE_DONE;
	}
	h->current = -1;

	if (is("stale_header")) {
		uint32_t n = h->ncases;
		for (uint32_t i = 0; i < n; ++i) {
			struct cj_wire_case *c = &h->cases[i];
			for (int b = 0; b < CJ_MAX_BUFS; ++b) {
				c->buf[b].offset = 0xdeadbeef000ull + (uint64_t)b;
				c->buf[b].count = UINT64_MAX;
				c->buf[b].elem = 99;
				c->buf[b].role = 99;
			}
			c->nbuf = 99;
			c->param[0] = -1;
			c->param[1] = 0;
			c->timed = 1;
		}
		h->ncases = 0xffffffffu;
		h->current = 123456;
		h->magic = 0;
		h->size = 1;
	}
	if (is("exit_after"))
		return 1;
	if (is("hang_after"))
		sleep_forever();
	if (is("truncate")) {
		munmap(file, file_size);
		if (ftruncate(fd, 0) != 0) /* refused (a sealed file): fine */
			fprintf(stderr, "fake_test_binary: ftruncate: %s\n", strerror(errno));
		return CJ_EXIT_OK;
	}
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	double at = (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
	h->done_code = CJ_EXIT_OK;
	__atomic_store(&h->done_s, &at, __ATOMIC_RELEASE);
	if (is("linger"))
		sleep(60);
	return CJ_EXIT_OK;
}
