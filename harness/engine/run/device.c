/* Device discovery through cj-probe, with a cache; see device.h. */
#include "run/device.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "report/lang.h"
#include "report/texts.h"
#include "run/supervise.h"
#include "util.h"
#include "wire.h"

static void parse_probe(const char *text, struct device_info *d)
{
	memset(d, 0, sizeof *d);
	char *copy = xstrdup(text), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *eq = strchr(line, '=');
		if (!eq)
			continue;
		*eq = '\0';
		const char *v = eq + 1;
		if (!strcmp(line, "name"))
			snprintf(d->name, sizeof d->name, "%s", v);
		else if (!strcmp(line, "cc"))
			d->cc = atoi(v);
		else if (!strcmp(line, "sm_count"))
			d->sm_count = atoi(v);
		else if (!strcmp(line, "l2_bytes"))
			d->l2_bytes = atoll(v);
		else if (!strcmp(line, "uuid"))
			snprintf(d->uuid, sizeof d->uuid, "%s", v);
		else if (!strcmp(line, "copy_gbps"))
			d->copy_gbps = atof(v);
		else if (!strcmp(line, "error"))
			/* cj-probe's own words for a machine without a GPU; CUDA's error
			 * strings stay as the runtime says them */
			snprintf(d->error, sizeof d->error, "%s",
			         !strcmp(v, "no CUDA device") ? text_of(T_device_none) : v);
	}
	free(copy);
	d->found = d->cc > 0 && d->copy_gbps > 0;
}

int device_query(const char *build, bool fresh, struct device_info *d)
{
	char *cache = xasprintf("%s/cache/device.txt", build);
	char *text = fresh ? NULL : read_file(cache, NULL);
	if (text) {
		parse_probe(text, d);
		free(text);
		if (d->found) {
			free(cache);
			return 0;
		}
	}
	char *probe = xasprintf("%s/cj-probe", build);
	char *argv[] = {probe, NULL};
	struct run_limits lim = {.wall_s = 60, .output_keep = 8192, .output_kill = 1 << 20};
	struct run_result r;
	memset(d, 0, sizeof *d);
	if (run_supervised(argv, -1, &lim, &r) != 0 || r.end == RUN_NOT_STARTED) {
		say(NULL, d->error, sizeof d->error, T_probe_not_run,
		    FIELDS(F_STR("error", r.error)));
	} else {
		parse_probe(r.output ? r.output : "", d);
		if (r.end == RUN_TIMED_OUT)
			snprintf(d->error, sizeof d->error, "%s", text_of(T_probe_hung));
		else if (!d->found && !d->error[0])
			say(NULL, d->error, sizeof d->error, T_probe_failed,
			    FIELDS(F_INT("status", r.exit_code)));
		if (d->found) {
			char *dir = xasprintf("%s/cache", build);
			make_dirs(dir);
			free(dir);
			FILE *f = fopen(cache, "w");
			if (f) {
				fputs(r.output, f);
				fclose(f);
			}
		}
	}
	run_result_free(&r);
	free(probe);
	free(cache);
	return 0;
}

/* Runs on the device take build/device.lock, so that nothing shares the
 * device with a run that measures time, whoever started it (check judging
 * ahead, another terminal). With CUDAJUDGE_SHARE_DEVICE set, runs that
 * measure nothing (check's, every run under compute-sanitizer) share it and
 * only timed cases and speed rules hold it alone; CUDAJUDGE_DEVICE_ALONE then
 * makes one run exclusive again (check judges so a file whose device memory
 * ran out while others ran beside it). Everyone queues at build/device.turn
 * first and holds it only until the device lock is theirs: a run waiting to
 * be alone keeps later sharing runs out, so a stream of overlapping sharing
 * runs cannot starve it. Returns the lock's descriptor, or -1 when there is
 * none to take. */
#define DEVICE_LOCK_WAIT_S 900.0

/* One lock per GPU: a process uses the first device of CUDA_VISIBLE_DEVICES (device 0
 * when unset), so `judge.py grade --gpus` workers on different GPUs never wait for each
 * other, and any run on device 0 shares build/device.lock as before. */
static char *device_lock_path(const char *build, const char *what)
{
	const char *v = getenv("CUDA_VISIBLE_DEVICES");
	size_t n = v ? strcspn(v, ",") : 0;
	if (!n || (n == 1 && v[0] == '0'))
		return xasprintf("%s/device.%s", build, what);
	char tag[64];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < sizeof tag; ++i)
		tag[k++] = isalnum((unsigned char)v[i]) || v[i] == '-' ? v[i] : '_';
	tag[k] = 0;
	return xasprintf("%s/device-%s.%s", build, tag, what);
}

bool device_sharing(void)
{
	const char *share = getenv("CUDAJUDGE_SHARE_DEVICE"); /* set empty: off, as unset */
	return share && *share && !getenv("CUDAJUDGE_DEVICE_ALONE");
}

/* Queues at the turn, then takes fd `how`: a run waiting to be alone keeps
 * later sharing runs out. 0 when it has it. */
static int take_in_turn(const char *build, int fd, int how)
{
	char *turn_path = device_lock_path(build, "turn");
	int turn = open(turn_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(turn_path);
	if (turn >= 0 && flock_deadline(turn, LOCK_EX, DEVICE_LOCK_WAIT_S) != 0) {
		close(turn);
		turn = -1;
	}
	/* A deadline: a holder that hangs cannot keep every later judgement waiting. */
	int got = flock_deadline(fd, how, DEVICE_LOCK_WAIT_S);
	if (turn >= 0)
		close(turn); /* releases the turn */
	return got;
}

double device_lock_handover(const char *build, int fd, struct cj_wire_header *h)
{
	uint32_t want = __atomic_load_n(&h->want_alone, __ATOMIC_ACQUIRE);
	uint32_t alone = __atomic_load_n(&h->alone, __ATOMIC_ACQUIRE);
	bool held = h->lock_handoff == CJ_HANDOFF_HELD; /* alone throughout: only answered */
	if (want == 1 && alone == 0 && held) {
		__atomic_store_n(&h->alone, 1, __ATOMIC_RELEASE);
		return 0;
	}
	if (want == 1 && alone == 0) {
		double t = now_s();
		/* Let go of the shared lock first: two runs that each held it
		 * shared and waited for it alone would wait for each other. The
		 * program is waiting meanwhile and runs nothing on the device. */
		flock(fd, LOCK_UN);
		alone = take_in_turn(build, fd, LOCK_EX) == 0 ? 1 : 2;
		if (alone == 2) /* not alone in time: shared again, as before it asked */
			(void)flock_deadline(fd, LOCK_SH, DEVICE_LOCK_WAIT_S);
		__atomic_store_n(&h->alone, alone, __ATOMIC_RELEASE);
		return now_s() - t;
	}
	if (want != 1 && alone != 0) {
		double t = now_s();
		/* Shared again; should that fail, it stays alone, which only
		 * keeps the others waiting longer. */
		if (alone == 1 && !held)
			(void)flock_deadline(fd, LOCK_SH, DEVICE_LOCK_WAIT_S);
		__atomic_store_n(&h->alone, 0, __ATOMIC_RELEASE);
		return now_s() - t;
	}
	return 0;
}

int take_device_lock(const char *build, bool shared)
{
	/* this engine's own last program ended, and its lock let go */
	supervise_wait_left();
	if (!device_sharing())
		shared = false;
	char *path = device_lock_path(build, "lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	if (fd >= 0 && take_in_turn(build, fd, shared ? LOCK_SH : LOCK_EX) != 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}
