/*
 * Supervision (harness/engine/run/supervise.c) of fake_child, a program that
 * misbehaves on request: hangs, forks, crashes, floods, burns CPU.
 *
 * Usage: test_supervise FAKE_CHILD [TEST...]
 *
 * The test process makes itself a child subreaper, so that grandchildren
 * orphaned by fake_child are reparented to it and it can see how they died.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run/cases.h"
#include "run/supervise.h"
#include "wire.h"
#include "util.h"
#include "unit.h"

static const char *fake = "./fake_child";

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static const struct run_limits DEFAULT_LIMITS = {
        .wall_s = 10, .output_keep = 65536, .output_kill = 64 << 20};

/* Runs fake_child with the given mode and argument; returns run_supervised's
 * status and the seconds the call took. */
static int run_fake(const char *mode, const char *arg, int keep_fd, const struct run_limits *lim,
                    struct run_result *r, double *took)
{
	char *argv[] = {(char *)fake, (char *)mode, (char *)arg, NULL};
	if (!arg)
		argv[2] = NULL;
	double t0 = now();
	int rc = run_supervised(argv, keep_fd, lim, r);
	*took = now() - t0;
	return rc;
}

/* Waits up to `secs` for pid (a child of ours, or an orphan reparented to us)
 * to end; true with its status when it did. */
static bool reap(pid_t pid, double secs, int *status)
{
	double end = now() + secs;
	do {
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid)
			return true;
		if (w < 0 && errno == ECHILD)
			return kill(pid, 0) != 0; /* not ours: gone is all we can tell */
		usleep(10 * 1000);
	} while (now() < end);
	return false;
}

static pid_t grandchild_pid(const char *output)
{
	const char *g = output ? strstr(output, "GRANDCHILD ") : NULL;
	return g ? (pid_t)atoi(g + strlen("GRANDCHILD ")) : -1;
}

static void test_hang_times_out(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.wall_s = 1.0;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("hang", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_TIMED_OUT);
	CHECK_DBL(took, >=, 1.0);
	CHECK_DBL(took, <, 1.5);
	CHECK_DBL(r.wall_s, >=, 1.0);
	CHECK_DBL(r.wall_s, <, 1.5);
	/* what it printed before the deadline is kept */
	CHECK_STR_EQ(r.output, "started\n");
	CHECK_UINT(r.output_len, ==, 8);
	run_result_free(&r);
	CHECK(r.output == NULL);
	run_result_free(&r); /* twice is harmless */
}

/* The grandchild that fake_child printed the pid of did not outlive the run: it is gone
 * within wait_s (run_supervised killed it and, as the subreaper, we reaped it). One
 * still alive is killed here, so that it does not outlive the test either. */
static void check_grandchild_gone(const struct run_result *r, double wait_s, const char *which)
{
	pid_t g = grandchild_pid(r->output);
	CHECK_MSG(g > 0, "no grandchild pid in '%s'", r->output);
	if (g <= 0)
		return;
	int status = 0;
	bool gone = reap(g, wait_s, &status);
	CHECK_MSG(gone, "%s %d still alive after the run", which, (int)g);
	if (gone) {
		CHECK(kill(g, 0) == -1 && errno == ESRCH);
	} else {
		kill(g, SIGKILL);
		reap(g, 2.0, &status);
	}
}

/* fake_child's descendants: nothing of the judged program outlives its run
 * (supervise.c), and the run ends when the child does or at the deadline. */
static const struct descendant_case {
	const char *what;
	const char *mode, *arg;
	double wall_s;
	enum run_end end;
	double at_least_s, below_s; /* the seconds the call took */
	double gone_within_s;       /* for the grandchild to be gone */
} descendant_cases[] = {
        /* the child exits at once; its grandchild keeps stdout open and sleeps: the run
         * waits neither for the grandchild nor for the deadline */
        {"grandchild", "grandchild", "exit", 5.0, RUN_EXITED, 0, 1.5, 2.0},
        /* both hang: the deadline kills the whole process group */
        {"grandchild", "grandchild", "hang", 1.0, RUN_TIMED_OUT, 1.0, 1.5, 2.0},
        /* a grandchild that leaves the process group (setsid); the call still returns */
        {"grandchild (own session)", "escape", NULL, 5.0, RUN_EXITED, 0, 1.5, 1.0},
};

static void test_descendants(void)
{
	for (size_t i = 0; i < sizeof descendant_cases / sizeof *descendant_cases; ++i) {
		const struct descendant_case *c = &descendant_cases[i];
		struct run_limits lim = DEFAULT_LIMITS;
		lim.wall_s = c->wall_s;
		struct run_result r;
		double took;
		CHECK_INT(run_fake(c->mode, c->arg, -1, &lim, &r, &took), ==, 0);
		CHECK_MSG(r.end == c->end, "%s %s: run end %d, expected %d", c->mode,
		          c->arg ? c->arg : "", (int)r.end, (int)c->end);
		if (c->end == RUN_EXITED)
			CHECK_INT(r.exit_code, ==, 0);
		CHECK_MSG(took >= c->at_least_s && took < c->below_s,
		          "%s %s: the run took %.2f s, expected %.1f to %.1f", c->mode,
		          c->arg ? c->arg : "", took, c->at_least_s, c->below_s);
		check_grandchild_gone(&r, c->gone_within_s, c->what);
		run_result_free(&r);
	}
}

static void test_flood(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.output_keep = 1000;
	lim.output_kill = 1 << 20;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("flood", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_OUTPUT_FLOOD);
	CHECK_UINT(r.output_len, <=, lim.output_keep);
	CHECK_UINT(r.output_len, ==, 1000); /* it had plenty */
	CHECK_UINT(r.output_total, >, lim.output_kill);
	CHECK(r.output && r.output[0] == 'F' && r.output[r.output_len - 1] == 'F');
	CHECK(r.output && r.output[r.output_len] == '\0');
	CHECK_DBL(took, <, 5.0);
	run_result_free(&r);
}

static void test_output_cap_without_kill(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.output_keep = 100;
	lim.output_kill = 0; /* never */
	struct run_result r;
	double took;
	CHECK_INT(run_fake("print", "3000000", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_INT(r.exit_code, ==, 0);
	CHECK_UINT(r.output_len, ==, 100);
	CHECK_UINT(r.output_total, ==, 3000000);
	CHECK_UINT(strlen(r.output), ==, 100);
	run_result_free(&r);

	/* exactly at the kill limit is not a flood; one byte more is */
	lim.output_kill = 5000;
	CHECK_INT(run_fake("print", "5000", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_UINT(r.output_total, ==, 5000);
	run_result_free(&r);
	CHECK_INT(run_fake("print", "5001", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_OUTPUT_FLOOD);
	run_result_free(&r);
}

/* A run of fake_child (MODE ARG, or MODE and the number of the signal `sends`) with
 * the default limits, and how it must end: its exit code or signal (-1: not checked),
 * the output kept (NULL: not checked; compared with its NUL byte, so that the NUL bytes
 * written count) and its length and what was written in all (-1: not checked), and
 * the seconds it may take (0: not checked; with `wall`, the run's own wall_s too). */
static const struct end_case {
	const char *what;
	const char *mode, *arg;
	int sends;
	enum run_end end;
	int code;
	const char *output;
	long long output_len, output_total;
	double below_s;
	bool wall;
} end_cases[] = {
        {"crash: signaled", "segv", NULL, 0, RUN_SIGNALED, SIGSEGV, NULL, -1, -1, 2.0, false},
        {"killed by SIGTERM", "kill", NULL, SIGTERM, RUN_SIGNALED, SIGTERM, NULL, -1, -1, 0, false},
        {"killed by SIGABRT", "kill", NULL, SIGABRT, RUN_SIGNALED, SIGABRT, NULL, -1, -1, 0, false},
        {"PASS ACCEPTED exit 0: output kept exactly", "pass", NULL, 0, RUN_EXITED, 0,
         "PASS\nACCEPTED\n", 14, 14, 2.0, true},
        /* stdout and stderr share one stream, in the order written */
        {"stdout and stderr interleaved", "interleave", NULL, 0, RUN_EXITED, -1,
         "out1\nerr1\nout2\n", -1, -1, 0, false},
        /* NUL bytes are kept, and counted */
        {"NUL bytes kept", "nul", NULL, 0, RUN_EXITED, -1, "a\0b", 3, -1, 0, false},
        /* no output at all: an empty string, not NULL */
        {"no output", "exit", "0", 0, RUN_EXITED, -1, "", 0, -1, 0, false},
};

/* The output kept is c's: compared with its NUL byte where c gives its length (so
 * that the NUL bytes written count), as a string where it does not. */
static bool same_output(const struct run_result *r, const struct end_case *c)
{
	if (!r->output)
		return false;
	if (c->output_len < 0)
		return strcmp(r->output, c->output) == 0;
	return r->output_len == (size_t)c->output_len &&
	       memcmp(r->output, c->output, r->output_len + 1) == 0;
}

static void check_end_case(const struct end_case *c)
{
	char signal_number[8];
	snprintf(signal_number, sizeof signal_number, "%d", c->sends);
	struct run_result r;
	double took;
	int rc = run_fake(c->mode, c->sends ? signal_number : c->arg, -1, &DEFAULT_LIMITS, &r,
	                  &took);
	CHECK_MSG(rc == 0, "%s: run_supervised returned %d", c->what, rc);
	CHECK_MSG(r.end == c->end, "%s: run end %d, expected %d", c->what, (int)r.end, (int)c->end);
	int code = c->end == RUN_SIGNALED ? r.signal : r.exit_code;
	CHECK_MSG(c->code < 0 || code == c->code, "%s: exit code or signal %d, expected %d",
	          c->what, code, c->code);
	CHECK_MSG(!c->output || same_output(&r, c), "%s: output \"%s\", expected \"%s\"", c->what,
	          r.output ? r.output : "(null)", c->output);
	CHECK_MSG(c->output_len < 0 || r.output_len == (size_t)c->output_len,
	          "%s: %zu bytes kept, expected %lld", c->what, r.output_len, c->output_len);
	CHECK_MSG(c->output_total < 0 || r.output_total == (uint64_t)c->output_total,
	          "%s: %llu bytes written, expected %lld", c->what,
	          (unsigned long long)r.output_total, c->output_total);
	CHECK_MSG(c->below_s == 0 || took < c->below_s,
	          "%s: the run took %.2f s, expected below %.1f", c->what, took, c->below_s);
	CHECK_MSG(!c->wall || (r.wall_s > 0 && r.wall_s < c->below_s),
	          "%s: wall_s %.2f, expected above 0 and below %.1f", c->what, r.wall_s,
	          c->below_s);
	run_result_free(&r);
}

static void test_ends(void)
{
	for (size_t i = 0; i < sizeof end_cases / sizeof *end_cases; ++i)
		check_end_case(&end_cases[i]);
}

static void test_exit_codes(void)
{
	static const char *const codes[] = {"0", "1", "3", "42", "255", NULL};
	for (int i = 0; codes[i]; ++i) {
		struct run_result r;
		double took;
		CHECK_INT(run_fake("exit", codes[i], -1, &DEFAULT_LIMITS, &r, &took), ==, 0);
		CHECK_INT(r.end, ==, RUN_EXITED);
		CHECK_INT(r.exit_code, ==, atoi(codes[i]));
		CHECK_INT(r.signal, ==, 0);
		run_result_free(&r);
	}
}

static void test_cpu_limit(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.wall_s = 20;
	lim.cpu_s = 1;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("burn", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_SIGNALED);
	CHECK_MSG(r.signal == SIGXCPU || r.signal == SIGKILL, "signal %d", r.signal);
	CHECK_DBL(r.cpu_s, >=, 1.0);
	CHECK_DBL(r.cpu_s, <, 4.0);
	CHECK_DBL(took, <, 10.0); /* far below wall_s, even on a busy machine */
	run_result_free(&r);
}

static void test_rlimits(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.cpu_s = 5;
	lim.memory_bytes = (uint64_t)256 << 20;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("limits", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.exit_code, ==, 0);
	/* the CPU limit leaves a second of grace before SIGXCPU, two before SIGKILL */
	CHECK_CONTAINS(r.output, "cpu=6/7\n");
	CHECK_CONTAINS(r.output, "data=268435456/268435456\n");
	CHECK_CONTAINS(r.output, "core=0/0\n");
	run_result_free(&r);

	/* no limits asked: none set (but never a core file) */
	lim.cpu_s = 0;
	lim.memory_bytes = 0;
	CHECK_INT(run_fake("limits", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_CONTAINS(r.output, "cpu=inf");
	CHECK_CONTAINS(r.output, "core=0/0\n");
	run_result_free(&r);

	/* the data limit holds */
	lim.memory_bytes = (uint64_t)64 << 20;
	CHECK_INT(run_fake("alloc", "512", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_STR_EQ(r.output, "ENOMEM\n");
	run_result_free(&r);
	lim.memory_bytes = 0;
	CHECK_INT(run_fake("alloc", "16", -1, &lim, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "OK 1\n");
	run_result_free(&r);
}

static void test_not_started(void)
{
	struct run_result r;
	char *argv[] = {"/nonexistent/cj-fake-child", "pass", NULL};
	double t0 = now();
	CHECK_INT(run_supervised(argv, -1, &DEFAULT_LIMITS, &r), ==, 0);
	CHECK_DBL(now() - t0, <, 2.0);
	CHECK_INT(r.end, ==, RUN_NOT_STARTED);
	CHECK_STR_EQ(r.error, "cannot run /nonexistent/cj-fake-child: No such file or directory");
	CHECK(r.output == NULL || r.output[0] == '\0');
	run_result_free(&r);

	/* a file that is not executable */
	char path[] = "/tmp/cj-not-exec-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd >= 0) {
		CHECK(write(fd, "#!/bin/sh\necho hi\n", 18) == 18);
		close(fd);
		chmod(path, 0644);
		char *argv2[] = {path, NULL};
		CHECK_INT(run_supervised(argv2, -1, &DEFAULT_LIMITS, &r), ==, 0);
		CHECK_INT(r.end, ==, RUN_NOT_STARTED);
		CHECK_CONTAINS(r.error, "cannot run /tmp/cj-not-exec-");
		CHECK_CONTAINS(r.error, "Permission denied");
		run_result_free(&r);
		unlink(path);
	}
}

static void test_keep_fd(void)
{
	int p[2];
	CHECK(pipe2(p, O_CLOEXEC) == 0);
	char fdnum[16];
	snprintf(fdnum, sizeof fdnum, "%d", p[1]);
	struct run_result r;
	double took;
	CHECK_INT(run_fake("write_fd", fdnum, p[1], &DEFAULT_LIMITS, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_INT(r.exit_code, ==, 0); /* 10 when the write failed */
	run_result_free(&r);
	/* what the child wrote is in the pipe */
	char buf[64] = "";
	struct pollfd pf = {.fd = p[0], .events = POLLIN};
	CHECK(poll(&pf, 1, 1000) == 1);
	ssize_t n = read(p[0], buf, sizeof buf - 1);
	CHECK_INT(n, ==, 21);
	if (n > 0)
		buf[n] = '\0';
	CHECK_STR_EQ(buf, "hello from the child\n");
	/* and the descriptor is close-on-exec again in the parent */
	CHECK(fcntl(p[1], F_GETFD) & FD_CLOEXEC);
	close(p[0]);
	close(p[1]);
}

static void test_other_fds_closed(void)
{
	int keep[2], leak[2];
	CHECK(pipe2(keep, O_CLOEXEC) == 0);
	CHECK(pipe(leak) == 0); /* no close-on-exec: the engine must close them */
	int devnull = open("/dev/null", O_RDONLY);
	CHECK(devnull >= 0);
	int high = fcntl(devnull, F_DUPFD, 200); /* a high one, without close-on-exec */
	CHECK(high >= 200);
	CHECK((fcntl(leak[0], F_GETFD) & FD_CLOEXEC) == 0);

	struct run_result r;
	double took;
	char want[64];
	snprintf(want, sizeof want, "0 1 2 %d\n", keep[1]);
	CHECK_INT(run_fake("listfds", NULL, keep[1], &DEFAULT_LIMITS, &r, &took), ==, 0);
	CHECK_INT(r.exit_code, ==, 0);
	CHECK_STR_EQ(r.output, want);
	run_result_free(&r);

	CHECK_INT(run_fake("listfds", NULL, -1, &DEFAULT_LIMITS, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "0 1 2\n");
	run_result_free(&r);

	/* the parent's own descriptors are untouched */
	CHECK((fcntl(leak[0], F_GETFD) & FD_CLOEXEC) == 0);
	CHECK(fcntl(high, F_GETFD) >= 0);
	close(keep[0]), close(keep[1]), close(leak[0]), close(leak[1]), close(devnull), close(high);
}

static void test_stdin_and_group(void)
{
	struct run_result r;
	double took;
	CHECK_INT(run_fake("stdin", NULL, -1, &DEFAULT_LIMITS, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "EOF\n");
	CHECK_DBL(took, <, 2.0); /* did not wait on a terminal */
	run_result_free(&r);

	CHECK_INT(run_fake("pgid", NULL, -1, &DEFAULT_LIMITS, &r, &took), ==, 0);
	int pid = -1, pgid = -2;
	CHECK(r.output && sscanf(r.output, "pid=%d pgid=%d", &pid, &pgid) == 2);
	CHECK_INT(pid, ==, pgid); /* its own process group */
	CHECK_INT(pgid, !=, getpgid(0));
	run_result_free(&r);
}

/* If the supervisor dies, the supervised program dies with it. */
static void test_parent_death(void)
{
	int p[2];
	CHECK(pipe2(p, O_CLOEXEC) == 0);
	pid_t helper = fork();
	if (helper == 0) {
		close(p[0]);
		char fdnum[16];
		snprintf(fdnum, sizeof fdnum, "%d", p[1]);
		struct run_limits lim = DEFAULT_LIMITS;
		lim.wall_s = 30;
		struct run_result r;
		double took;
		run_fake("report_pid_hang", fdnum, p[1], &lim, &r, &took);
		_exit(0);
	}
	close(p[1]);
	char buf[32] = "";
	struct pollfd pf = {.fd = p[0], .events = POLLIN};
	CHECK(poll(&pf, 1, 5000) == 1);
	ssize_t n = read(p[0], buf, sizeof buf - 1);
	close(p[0]);
	pid_t child = n > 0 ? (pid_t)atoi(buf) : -1;
	CHECK_MSG(child > 0, "no pid from the supervised program");
	kill(helper, SIGKILL);
	int status;
	CHECK(reap(helper, 5.0, &status));
	if (child > 0) {
		bool gone = reap(child, 3.0, &status);
		CHECK_MSG(gone, "the supervised program outlived its supervisor");
		if (gone)
			CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
		else {
			kill(child, SIGKILL);
			reap(child, 2.0, &status);
		}
	}
}

/* Learner code cannot start processes, but threads still work. */
static void test_no_fork(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("fork", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "FORKED\n"); /* the test can fail: unconfined, it forks */
	run_result_free(&r);
	lim.no_fork = true;
	CHECK_INT(run_fake("fork", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "NO FORK EPERM\n");
	run_result_free(&r);
	CHECK_INT(run_fake("thread", NULL, -1, &lim, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "THREAD\n");
	run_result_free(&r);
}

/* Replacing itself with another program is seen and stopped. */
static void test_exec_is_stopped(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.same_program = true;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("exec", "/bin/sleep", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXECED);
	CHECK_MSG(took < 5, "took %.1f s", took);
	run_result_free(&r);
	/* Itself again is the same program: not an error (it hangs, then times out). */
	lim.wall_s = 1;
	CHECK_INT(run_fake("exec", fake, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_TIMED_OUT);
	run_result_free(&r);
}

/* Private memory past the cap kills it; the peak is reported. */
static void test_memory_cap(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.rss_bytes = (uint64_t)64 << 20;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("hog", "256", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_MEMORY);
	CHECK_MSG(r.peak_rss > lim.rss_bytes, "peak %llu", (unsigned long long)r.peak_rss);
	CHECK_MSG(took < 5, "took %.1f s", took);
	run_result_free(&r);
	CHECK_INT(run_fake("alloc", "16", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	run_result_free(&r);
}

/* A case file of `size` bytes (sparse) whose first `written` bytes hold data,
 * as the engine hands one to a test binary. */
static int case_file(uint64_t size, uint64_t written)
{
	int fd = memfd_create("cases", MFD_CLOEXEC);
	CHECK(fd >= 0);
	CHECK(ftruncate(fd, (off_t)size) == 0);
	char chunk[65536];
	memset(chunk, 7, sizeof chunk);
	for (uint64_t at = 0; at < written; at += sizeof chunk)
		CHECK(pwrite(fd, chunk, sizeof chunk, (off_t)at) == (ssize_t)sizeof chunk);
	return fd;
}

/* The cap is rss_bytes whatever the size of the case file: the engine's is a
 * sparse 16 GiB, which once raised the cap past any memory the machine has. */
static void test_memory_cap_with_case_file(void)
{
	int fd = case_file((uint64_t)1 << 30, (uint64_t)4 << 20);
	struct run_limits lim = DEFAULT_LIMITS;
	lim.rss_bytes = (uint64_t)64 << 20;
	lim.no_fork = true;
	lim.wall_s = 8;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("hog", "256", fd, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_MEMORY);
	CHECK_MSG(took < 5, "took %.1f s", took);
	run_result_free(&r);
	close(fd);
}

/* What the case file holds, mapped and read by the program, is not its memory. */
static void test_case_file_not_counted(void)
{
	int fd = case_file((uint64_t)1 << 30, (uint64_t)96 << 20);
	char arg[16];
	snprintf(arg, sizeof arg, "%d", fd);
	struct run_limits lim = DEFAULT_LIMITS;
	lim.rss_bytes = (uint64_t)64 << 20;
	lim.no_fork = true;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("mapfd", arg, fd, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_INT(r.exit_code, ==, 0);
	CHECK_MSG(r.output && !strncmp(r.output, "MAPPED", 6), "output '%s'", r.output);
	CHECK_MSG(r.peak_rss > ((uint64_t)64 << 20), "peak %llu: the mapping was not seen",
	          (unsigned long long)r.peak_rss);
	run_result_free(&r);
	close(fd);
}

/* Writes only under write_dirs (where Landlock exists), in cwd. */
static void test_writes_confined(void)
{
	char *outside = unit_temp_dir("cj-supervise");
	char *inside = unit_temp_dir("cj-supervise");
	const char *dirs[] = {"/dev", inside, NULL};
	struct run_limits lim = DEFAULT_LIMITS;
	lim.write_dirs = dirs;
	lim.cwd = inside;
	struct run_result r;
	double took;
	char *victim = xasprintf("%s/victim", outside);
	CHECK_INT(run_fake("create", victim, -1, &lim, &r, &took), ==, 0);
	if (r.unconfined) {
		printf("# no Landlock in this kernel: only the working directory is checked\n");
	} else {
		CHECK_STR_EQ(r.output, "DENIED\n");
		CHECK(access(victim, F_OK) != 0);
	}
	run_result_free(&r);
	CHECK_INT(run_fake("create", "scratch", -1, &lim, &r, &took), ==, 0);
	CHECK_STR_EQ(r.output, "CREATED\n");
	char *scratch = xasprintf("%s/scratch", inside);
	CHECK(access(scratch, F_OK) == 0); /* relative to its cwd */
	run_result_free(&r);
	CHECK_INT(run_fake("cwd", NULL, -1, &lim, &r, &took), ==, 0);
	char *want = xasprintf("%s\n", inside);
	CHECK_STR_EQ(r.output, want);
	run_result_free(&r);
	unlink(scratch);
	unlink(victim);
	rmdir(inside);
	rmdir(outside);
	free(want);
	free(scratch);
	free(victim);
	free(outside), free(inside);
}

/* The jail (write_dirs set): what Landlock leaves open is closed by seccomp
 * and the mount namespace; each part may be missing where the kernel or the
 * user lacks it, and then says so in r.weakened. */
static void test_jail(void)
{
	char *inside = unit_temp_dir("cj-supervise");
	char *victim = xasprintf("%s.victim", inside);
	FILE *f = fopen(victim, "w");
	CHECK(f != NULL);
	if (f)
		fclose(f);
	const char *dirs[] = {"/dev", inside, NULL};
	struct run_limits lim = DEFAULT_LIMITS;
	lim.write_dirs = dirs;
	lim.cwd = inside;
	lim.no_fork = true;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("jail", victim, -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	if (r.weakened[0])
		printf("# jail weakened here: %s\n", r.weakened);
	if (!strstr(r.weakened, "seccomp")) {
		CHECK(strstr(r.output, "chmod no\n") != NULL);
		CHECK(strstr(r.output, "utime no\n") != NULL);
		CHECK(strstr(r.output, "xattr no\n") != NULL);
		CHECK(strstr(r.output, "signal-parent no\n") != NULL);
		CHECK(strstr(r.output, "socket no\n") != NULL);
		CHECK(strstr(r.output, "memfd no\n") != NULL);
	}
	if (!r.unconfined) {
		CHECK(strstr(r.output, "tty no\n") != NULL);
		CHECK(strstr(r.output, "shm no\n") != NULL);
	}
	run_result_free(&r);
	/* without the jail (no write_dirs) all of it works: the test can fail */
	lim.write_dirs = NULL;
	CHECK_INT(run_fake("jail", victim, -1, &lim, &r, &took), ==, 0);
	CHECK(strstr(r.output, "chmod yes\n") != NULL);
	CHECK(strstr(r.output, "memfd yes\n") != NULL);
	run_result_free(&r);
	unlink(victim);
	rmdir(inside);
	free(victim);
	free(inside);
}

/* Shared anonymous memory counts against the cap like private memory. */
static void test_shared_memory_counted(void)
{
	struct run_limits lim = DEFAULT_LIMITS;
	lim.rss_bytes = 64 << 20;
	lim.no_fork = true;
	struct run_result r;
	double took;
	CHECK_INT(run_fake("shmhog", "256", -1, &lim, &r, &took), ==, 0);
	CHECK_INT(r.end, ==, RUN_MEMORY);
	CHECK(took < 5);
	run_result_free(&r);
}

/* A lock held elsewhere is given up at the deadline. */
static void test_flock_deadline(void)
{
	char path[] = "/tmp/cj-supervise-lock-XXXXXX";
	int a = mkstemp(path);
	int b = open(path, O_RDWR);
	CHECK(a >= 0 && b >= 0);
	CHECK_INT(flock_deadline(a, LOCK_EX, 1), ==, 0);
	double t0 = now();
	CHECK_INT(flock_deadline(b, LOCK_EX, 0.3), ==, -1);
	CHECK_INT(errno, ==, ETIMEDOUT);
	CHECK(now() - t0 >= 0.29 && now() - t0 < 3);
	close(a);
	CHECK_INT(flock_deadline(b, LOCK_EX, 0.3), ==, 0);
	close(b);
	unlink(path);
}

/* Whether another open file of `path` can take the lock now. */
static bool lock_free(const char *path)
{
	int fd = open(path, O_RDWR);
	bool free_now = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0;
	if (fd >= 0)
		close(fd);
	return free_now;
}

/* A run's device lock is let go only once the programs left to end have
 * ended: one that ends by itself later (the reference's run, whose answer
 * came first: supervise_leave_running) holds it until then, and
 * supervise_reap_left lets it go without waiting once it has. */
static void test_lock_kept_until_left_ends(void)
{
	char path[] = "/tmp/cj-supervise-left-XXXXXX";
	int lock = mkstemp(path);
	CHECK(lock >= 0 && flock(lock, LOCK_EX) == 0);
	int go[2];
	CHECK(pipe(go) == 0);
	pid_t child = fork();
	if (child == 0) { /* ends once told to */
		char c;
		close(go[1]);
		_exit(read(go[0], &c, 1) == 1 ? 0 : 1);
	}
	close(go[0]);
	supervise_leave_running(child);
	supervise_let_go_after_left(lock);
	CHECK(!lock_free(path)); /* the child is still there */
	supervise_reap_left();
	CHECK(!lock_free(path));
	CHECK(write(go[1], "x", 1) == 1);
	double t0 = now();
	while (!lock_free(path) && now() - t0 < 5) {
		usleep(1000);
		supervise_reap_left();
	}
	CHECK(lock_free(path));
	CHECK_INT(waitpid(child, NULL, WNOHANG), ==, -1); /* reaped already */
	close(go[1]);

	/* supervise_wait_left waits for it */
	lock = open(path, O_RDWR);
	CHECK(lock >= 0 && flock(lock, LOCK_EX) == 0);
	child = fork();
	if (child == 0) {
		usleep(200 * 1000);
		_exit(0);
	}
	supervise_leave_running(child);
	supervise_let_go_after_left(lock);
	CHECK(!lock_free(path));
	t0 = now();
	supervise_wait_left();
	CHECK(now() - t0 >= 0.15);
	CHECK(lock_free(path));
	unlink(path);
}

/* Work folders of engines that are gone are removed; others stay. */
static void test_clean_stale_work(void)
{
	char *root = unit_temp_dir("cj-supervise-work");
	/* gone: its owner file is there but no engine holds it; mine: claimed
	 * by this process, with the same pid a bubblewrapped engine would have */
	char *gone = xasprintf("%s/warp_scan-2-0000abcd", root);
	char *mine = xasprintf("%s/warp_scan-2-0000beef", root);
	char *odd = xasprintf("%s/notes", root);
	CHECK(mkdir(gone, 0755) == 0 && mkdir(mine, 0755) == 0 && mkdir(odd, 0755) == 0);
	int dead = claim_work_folder(gone);
	CHECK(dead >= 0);
	close(dead);
	int held = claim_work_folder(mine);
	CHECK(held >= 0);
	CHECK_INT(clean_stale_work(root, 0), ==, 1);
	CHECK(access(gone, F_OK) != 0);
	CHECK(access(mine, F_OK) == 0 && access(odd, F_OK) == 0);
	close(held);
	char *owner = xasprintf("%s/.owner", mine);
	unlink(owner);
	free(owner);
	rmdir(mine);
	rmdir(odd);
	rmdir(root);
	free(gone);
	free(mine);
	free(odd);
	free(root);
}

/* A program started before its case file is filled (run/warm_runner.h): it
 * maps the file and waits for go; another run ending meanwhile neither kills
 * nor reaps it (it is spared); publishing the cases leaves go at 0 and its
 * mapped mark as it set it; go lets it read them, and its clock starts at
 * supervise_finish, not at its start. */
static void test_started_early(void)
{
	struct case_set set;
	char err[256];
	CHECK_INT(case_set_init(&set, (uint64_t)1 << 20, err, sizeof err), ==, 0);
	case_set_pending(&set);
	struct cj_wire_header *h = (struct cj_wire_header *)set.base;
	char fdnum[16];
	snprintf(fdnum, sizeof fdnum, "%d", set.fd);
	char *argv[] = {(char *)fake, "waitgo", fdnum, NULL};
	struct supervised child;
	struct run_result r;
	double t0 = now();
	CHECK_INT(supervise_start(argv, set.fd, &DEFAULT_LIMITS, &child, &r), ==, 1);
	supervise_spare_child(child.pid);
	for (int i = 0; i < 500 && __atomic_load_n(&h->mapped, __ATOMIC_ACQUIRE) == 0; ++i)
		usleep(10 * 1000);
	CHECK_INT(h->mapped, ==, CJ_WIRE_MAPPED);
	struct run_result other;
	double took;
	CHECK_INT(run_fake("exit", "0", -1, &DEFAULT_LIMITS, &other, &took), ==, 0);
	run_result_free(&other);
	CHECK_INT(waitpid(child.pid, NULL, WNOHANG), ==, 0); /* alive, not reaped */
	usleep(300 * 1000);
	struct jcase *c = case_new(&set, "one");
	case_buf(&set, c, "out", CJ_F32, CJ_OUT, 8);
	case_set_publish(&set, 0, 0, 0);
	CHECK_INT(h->go, ==, 0);
	CHECK_INT(h->mapped, ==, CJ_WIRE_MAPPED);
	CHECK(h->ready_s == 1.0);
	double before_go = now();
	case_set_go(&set);
	supervise_unspare_child(child.pid);
	CHECK_INT(supervise_finish(&child, &DEFAULT_LIMITS, &r), ==, 0);
	CHECK_INT(r.end, ==, RUN_EXITED);
	CHECK_INT(r.exit_code, ==, 0);
	CHECK_STR_EQ(r.output, "GO 1 CASES 1\n");
	/* its clock: from go, not from its start 0.3 s and more before */
	CHECK(r.wall_s <= now() - before_go + 0.01);
	CHECK(now() - t0 >= r.wall_s + 0.3);
	run_result_free(&r);
	case_set_free(&set);
}

/* Nothing to run after all (a compile error): the waiting program is killed
 * and reaped at once, not left waiting for a go that never comes. */
static void test_started_early_stopped(void)
{
	struct case_set set;
	char err[256];
	CHECK_INT(case_set_init(&set, (uint64_t)1 << 20, err, sizeof err), ==, 0);
	case_set_pending(&set);
	char fdnum[16];
	snprintf(fdnum, sizeof fdnum, "%d", set.fd);
	char *argv[] = {(char *)fake, "waitgo", fdnum, NULL};
	struct supervised child;
	struct run_result r;
	CHECK_INT(supervise_start(argv, set.fd, &DEFAULT_LIMITS, &child, &r), ==, 1);
	pid_t pid = child.pid;
	usleep(100 * 1000);
	double t0 = now();
	supervise_stop(&child);
	CHECK(now() - t0 < 5.0); /* it waits up to 60 s for go */
	CHECK_INT(kill(pid, 0), ==, -1);
	CHECK_INT(errno, ==, ESRCH);
	case_set_free(&set);
}

static const struct unit_test tests[] = {
        {"hang: timed out at the deadline", test_hang_times_out},
        {"no grandchild outlives the run: holding stdout, hanging, in its own session",
         test_descendants},
        {"output flood: killed, output capped", test_flood},
        {"output cap without a kill limit", test_output_cap_without_kill},
        {"how a run ends, the output kept exactly", test_ends},
        {"exit codes", test_exit_codes},
        {"CPU limit", test_cpu_limit},
        {"rlimits in the child", test_rlimits},
        {"missing or non-executable program", test_not_started},
        {"keep_fd is inherited", test_keep_fd},
        {"other descriptors are closed", test_other_fds_closed},
        {"stdin is empty, own process group", test_stdin_and_group},
        {"supervisor death kills the program", test_parent_death},
        {"no fork, threads allowed", test_no_fork},
        {"exec of another program is stopped", test_exec_is_stopped},
        {"host memory cap", test_memory_cap},
        {"host memory cap: a sparse case file does not raise it", test_memory_cap_with_case_file},
        {"host memory cap: the case file's data is not counted", test_case_file_not_counted},
        {"writes confined to write_dirs and cwd", test_writes_confined},
        {"the jail closes what Landlock leaves open", test_jail},
        {"shared anonymous memory is counted", test_shared_memory_counted},
        {"a lock wait has a deadline", test_flock_deadline},
        {"stale work folders are removed", test_clean_stale_work},
        {"a run's lock is kept until the programs left to end have ended",
         test_lock_kept_until_left_ends},
        {"started early: waits for go, spared by other runs, clock from go", test_started_early},
        {"started early: stopped at once when nothing will run", test_started_early_stopped},
        {0},
};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&fake));
	if (access(fake, X_OK) != 0) {
		fprintf(stderr, "test_supervise: %s is not executable\n", fake);
		return 1;
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	signal(SIGPIPE, SIG_IGN);
	return unit_main_after(tests, own, argc, argv);
}
