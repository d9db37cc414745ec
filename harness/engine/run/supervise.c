/*
 * Supervising an untrusted program; see supervise.h.
 *
 * The child gets its own process group, so a timeout or an output flood kills
 * everything it forked. Its stdout and stderr share one pipe that the parent
 * drains with poll() against the deadline, keeping the first output_keep
 * bytes. exec failures come back through a close-on-exec pipe, so "could not
 * start" is never mistaken for a crash of the judged program.
 *
 * Learner code is also confined (each part on request, see run_limits), by
 * the child itself between fork and exec (jail.c: no fork, Landlock, the
 * jail), and by the supervising loop here, which polls its resident memory
 * and the program it runs, killing it when it holds too much host memory
 * (RssAnon and RssShmem, less what the case file it was handed holds, not
 * its sparse size) or has replaced itself with another program (say, a
 * cached reference binary that would print right answers). The engine
 * itself is made non-dumpable, so that no program of the same user can read
 * its memory (the expected outputs) through /proc/PID/mem. Every child has a
 * deadline (wall_s) and a memory cap: rss_bytes, or TOOL_RSS_BYTES over the
 * process group for tools (the compiler).
 */
#include "run/supervise.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report/lang.h"
#include "report/texts.h"
#include "run/jail.h"
#include "util.h"

/* Private and shared resident memory (RssAnon + RssShmem) of pid in bytes;
 * 0 when unknown. */
static uint64_t private_rss(pid_t pid)
{
	char path[64], buf[4096];
	snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	/* RssShmem: MAP_SHARED anonymous memory and the tmpfs files it maps. */
	const char *at = strstr(buf, "RssAnon:"), *sh = strstr(buf, "RssShmem:");
	unsigned long long kb = 0, shmem_kb = 0;
	if (!at || sscanf(at + 8, "%llu", &kb) != 1)
		return 0;
	if (sh && sscanf(sh + 9, "%llu", &shmem_kb) != 1)
		shmem_kb = 0;
	return (uint64_t)(kb + shmem_kb) << 10;
}

/* The next process id listed in /proc (d open on it), or 0 at its end. */
static long next_pid(DIR *d)
{
	struct dirent *e;
	while (d && (e = readdir(d))) {
		char *end;
		long pid = strtol(e->d_name, &end, 10);
		if (!*end && pid > 0)
			return pid;
	}
	return 0;
}

/* Parent and process group of pid, from /proc/PID/stat; false when it is
 * gone. The line is "pid (comm) state ppid pgrp ...", comm may hold spaces
 * and ')'. */
static bool parent_and_group(long pid, long *ppid, long *pgrp)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%ld/stat", pid);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return false;
	ssize_t n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return false;
	buf[n] = '\0';
	char *close_paren = strrchr(buf, ')');
	return close_paren && sscanf(close_paren + 1, " %*c %ld %ld", ppid, pgrp) == 2;
}

/* Private resident memory of every process in process group pgid: the
 * program and anything it started (under compute-sanitizer, the tool and
 * the program it runs). */
static uint64_t group_rss(pid_t pgid)
{
	uint64_t sum = 0;
	DIR *d = opendir("/proc");
	long pid, ppid, pgrp;
	while ((pid = next_pid(d)) != 0)
		if (parent_and_group(pid, &ppid, &pgrp) && pgrp == (long)pgid)
			sum += private_rss((pid_t)pid);
	if (d)
		closedir(d);
	return sum;
}

/* True when pid still runs the file identified by want (device, inode);
 * also true when that can no longer be told (it has exited). */
static bool runs_program(pid_t pid, const struct stat *want)
{
	char path[64];
	struct stat st;
	snprintf(path, sizeof path, "/proc/%d/exe", (int)pid);
	if (stat(path, &st) != 0)
		return true;
	return st.st_dev == want->st_dev && st.st_ino == want->st_ino;
}

/* What the child says about missing confinement, first in its output, where
 * run_supervised() takes it out again (into run_result.weakened). */
/* The engine's own children that no run's end may kill or reap (a child
 * reaped here would lose its exit status to whoever waits for it). */
#define SPARED_MAX 4
static pid_t spared[SPARED_MAX];

void supervise_spare_child(pid_t pid)
{
	for (int i = 0; i < SPARED_MAX; ++i)
		if (!spared[i]) {
			spared[i] = pid;
			return;
		}
}

void supervise_unspare_child(pid_t pid)
{
	for (int i = 0; i < SPARED_MAX; ++i)
		if (spared[i] == pid)
			spared[i] = 0;
}

/* Programs that said they were done (run_limits.done), killed and left to
 * end: reaped here once they have, so that the judgement need not wait for
 * them. Their end still works the device (a CUDA context and its page-locked
 * memory let go of): the device lock of their run (`held`) is let go only
 * once they have all ended (supervise_let_go_after_left). */
#define LEFT_MAX 16
/* How long the engine waits for them at most before it lets go all the same
 * (supervise_wait_left): a killed program's end takes a fraction of that. */
#define LEFT_WAIT_S 20.0
static pid_t left[LEFT_MAX];
static int held = -1;

static bool any_left(void)
{
	for (int i = 0; i < LEFT_MAX; ++i)
		if (left[i])
			return true;
	return false;
}

void supervise_reap_left(void)
{
	for (int i = 0; i < LEFT_MAX; ++i)
		if (left[i] && waitpid(left[i], NULL, WNOHANG) != 0)
			left[i] = 0;
	if (held >= 0 && !any_left()) {
		close(held);
		held = -1;
	}
}

void supervise_wait_left(void)
{
	double until = now_s() + LEFT_WAIT_S;
	supervise_reap_left();
	while (any_left() && now_s() < until) {
		struct timespec ms = {0, 1000 * 1000};
		nanosleep(&ms, NULL);
		supervise_reap_left();
	}
	if (held >= 0) { /* past the deadline: let go all the same */
		close(held);
		held = -1;
	}
}

void supervise_leave_running(pid_t pid)
{
	supervise_reap_left();
	for (int i = 0; i < LEFT_MAX; ++i)
		if (!left[i]) {
			left[i] = pid;
			return;
		}
	waitpid(pid, NULL, 0); /* no room: waited for now */
}

void supervise_let_go_after_left(int fd)
{
	if (fd < 0)
		return;
	if (held >= 0) /* one run's lock at a time: the one before is let go first */
		supervise_wait_left();
	held = fd;
	supervise_reap_left();
}

/* Kills pid's process group and leaves it to end; reaped by supervise_reap_left. */
static void leave_to_end(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
	supervise_leave_running(pid);
}

static bool is_spared(long pid)
{
	for (int i = 0; i < SPARED_MAX; ++i)
		if (spared[i] == pid)
			return true;
	for (int i = 0; i < LEFT_MAX; ++i)
		if (left[i] == pid)
			return true;
	return false;
}

/* Kills and reaps every process re-parented to us: descendants that left the
 * program's process group (setsid) end up here because the engine is a child
 * subreaper. Repeats until none is left, as a dying one may leave orphans. */
static void kill_orphans(void)
{
	for (int round = 0; round < 50; ++round) {
		bool found = false;
		DIR *d = opendir("/proc");
		long pid, ppid, pgrp;
		/* a zombie keeps its /proc entry until reaped: each is killed
		 * (nothing when dead) and reaped by its pid */
		while ((pid = next_pid(d)) != 0)
			if (parent_and_group(pid, &ppid, &pgrp) && ppid == getpid() &&
			    !is_spared(pid)) {
				kill((pid_t)pid, SIGKILL);
				waitpid((pid_t)pid, NULL, WNOHANG);
				found = true;
			}
		if (d)
			closedir(d);
		if (!found)
			return;
		struct timespec ts = {0, 2 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

/* Forks the child into its jail and waits for its exec: 1 started (w set), 0
 * not started (res->end RUN_NOT_STARTED), -1 the supervision failed. */
static int start_child(char *const argv[], int keep_fd, const struct run_limits *lim,
                       struct supervised *w, struct run_result *res)
{
	int out_pipe[2], err_pipe[2];
	if (pipe2(out_pipe, O_CLOEXEC) != 0) {
		snprintf(res->error, sizeof res->error, "pipe: %s", strerror(errno));
		return -1;
	}
	if (pipe2(err_pipe, O_CLOEXEC) != 0) {
		snprintf(res->error, sizeof res->error, "pipe: %s", strerror(errno));
		close(out_pipe[0]);
		close(out_pipe[1]);
		return -1;
	}
	/* Descendants that escape the process group are re-parented to us. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (keep_fd >= 0) /* the child must inherit it across exec */
		fcntl(keep_fd, F_SETFD, fcntl(keep_fd, F_GETFD) & ~FD_CLOEXEC);
	/* A relative program name must survive the change of directory. */
	char program[PATH_MAX];
	if (!lim->cwd || argv[0][0] == '/' || !realpath(argv[0], program))
		snprintf(program, sizeof program, "%s", argv[0]);
	w->check_program = lim->same_program && stat(program, &w->program_id) == 0;
	static struct dev_nodes devs; /* static: too big for some stacks */
	if (lim->write_dirs)
		find_dev_nodes(&devs);
	/* No program of the same user may read the engine's memory. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	w->start = now_s();
	w->deadline = w->start + lim->wall_s;
	w->pid = fork();
	if (w->pid < 0) {
		snprintf(res->error, sizeof res->error, "fork: %s", strerror(errno));
		for (int i = 0; i < 2; ++i) {
			close(out_pipe[i]);
			close(err_pipe[i]);
		}
		return -1;
	}
	if (w->pid == 0)
		jail_and_exec(program, argv, keep_fd, out_pipe[1], err_pipe[1], lim, &devs);
	setpgid(w->pid, w->pid);
	close(out_pipe[1]);
	close(err_pipe[1]);
	if (keep_fd >= 0)
		fcntl(keep_fd, F_SETFD, fcntl(keep_fd, F_GETFD) | FD_CLOEXEC);
	w->out_fd = out_pipe[0];
	int exec_errno = 0;
	bool failed =
	        read(err_pipe[0], &exec_errno, sizeof exec_errno) == (ssize_t)sizeof exec_errno;
	close(err_pipe[0]);
	if (!failed)
		return 1;
	waitpid(w->pid, NULL, 0);
	close(w->out_fd);
	res->end = RUN_NOT_STARTED;
	snprintf(res->error, sizeof res->error, "cannot run %s: %s", argv[0], strerror(exec_errno));
	return 0;
}

/* Its memory and its program, every 20 ms (tools every 0.5 s: their poll
 * walks the whole of /proc). False when it must be killed (res->end says why). */
static bool looks_fine(struct supervised *w, const struct run_limits *lim, double now,
                       double *next_look, struct run_result *res)
{
	if (now < *next_look)
		return true;
	*next_look = now + (lim->rss_bytes ? 0.02 : 0.5);
	uint64_t rss = w->whole_group ? group_rss(w->pid) : private_rss(w->pid);
	if (rss > res->peak_rss)
		res->peak_rss = rss;
	if (rss > w->rss_cap) {
		res->end = RUN_MEMORY;
		return false;
	}
	if (w->check_program && !runs_program(w->pid, &w->program_id)) {
		res->end = RUN_EXECED;
		return false;
	}
	return true;
}

/* Keeps what it printed up to lim->output_keep. */
static void keep_output(struct supervised *w, const struct run_limits *lim, struct run_result *res,
                        const char *chunk, ssize_t n)
{
	res->output_total += (uint64_t)n;
	if (w->kept.len < lim->output_keep) {
		size_t room = lim->output_keep - w->kept.len;
		sb_add(&w->kept, chunk, (size_t)n < room ? (size_t)n : room);
	}
}

/* What it printed and has not been read yet, without waiting for more: a
 * program that said it was done. */
static void drain_now(struct supervised *w, const struct run_limits *lim, struct run_result *res)
{
	char chunk[65536];
	struct pollfd p = {.fd = w->out_fd, .events = POLLIN};
	ssize_t n;
	while (poll(&p, 1, 0) > 0 && (n = read(w->out_fd, chunk, sizeof chunk)) > 0)
		keep_output(w, lim, res, chunk, n);
}

/* Drains its output until it has exited and the pipe is closed, or until a
 * limit ends the run (res->end). */
static void watch_child(struct supervised *w, const struct run_limits *lim, struct run_result *res)
{
	bool exited = false, out_open = true;
	double exited_at = 0, next_look = 0;
	res->end = RUN_EXITED;
	while (out_open || !exited) {
		if (!exited) {
			/* WNOWAIT: the zombie keeps its pid (and so its process group)
			 * until the group has been killed. */
			siginfo_t info = {0};
			if (waitid(P_PID, (id_t)w->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
			    info.si_pid == w->pid) {
				exited = true;
				exited_at = now_s();
			}
		}
		if (!exited && lim->tick)
			w->deadline += lim->tick(lim->tick_arg);
		int code;
		if (!exited && lim->done && lim->done(lim->done_arg, &code)) {
			res->exit_code = code;
			w->said_done = true;
			drain_now(w, lim, res);
			return;
		}
		double now = now_s();
		/* A grandchild may hold the pipe open after the child is gone. */
		if (exited && out_open && now - exited_at > 0.2)
			return;
		if (!exited && now >= w->deadline) {
			res->end = RUN_TIMED_OUT;
			return;
		}
		if (!exited && !looks_fine(w, lim, now, &next_look, res))
			return;
		int wait_ms = exited ? 20 : (int)((w->deadline - now) * 1000) + 1;
		/* also poll waitpid regularly; the tick (a program waiting for an
		 * answer before it times) and the question whether it is done every
		 * 2 ms */
		int most = lim->tick || lim->done ? 2 : 20;
		if (wait_ms > most)
			wait_ms = most;
		if (!out_open) {
			struct timespec ts = {0, 5 * 1000 * 1000};
			nanosleep(&ts, NULL);
			continue;
		}
		struct pollfd p = {.fd = w->out_fd, .events = POLLIN};
		if (poll(&p, 1, wait_ms) <= 0)
			continue;
		char chunk[65536];
		ssize_t n = read(w->out_fd, chunk, sizeof chunk);
		if (n <= 0) {
			out_open = false;
			continue;
		}
		keep_output(w, lim, res, chunk, n);
		if (lim->output_kill && res->output_total > lim->output_kill) {
			res->end = RUN_OUTPUT_FLOOD;
			return;
		}
	}
}

/* The child's notes on missing confinement come first in its output: taken
 * out into res->weakened, and said once per engine on stderr. */
static void take_notes(struct run_result *res)
{
	char *o = res->output;
	size_t prefix = strlen(JAIL_NOTE_PREFIX);
	while (!strncmp(o, JAIL_NOTE_PREFIX, prefix)) {
		char *eol = strchr(o, '\n');
		if (!eol)
			break;
		const char *what = o + prefix;
		size_t len = (size_t)(eol - what), have = strlen(res->weakened);
		if (!strncmp(what, "no Landlock", 11))
			res->unconfined = true;
		if (have + len + 3 < sizeof res->weakened)
			snprintf(res->weakened + have, sizeof res->weakened - have, "%s%.*s",
			         have ? "; " : "", (int)len, what);
		o = eol + 1;
	}
	if (o != res->output) {
		res->output_len -= (size_t)(o - res->output);
		memmove(res->output, o, res->output_len + 1);
	}
	static bool warned;
	if (res->weakened[0] && !warned) { /* once per engine: a warning, not a failure */
		warned = true;
		char *warning =
		        say_alloc(T_confinement_weaker, FIELDS(F_STR("what", res->weakened)));
		fputs(warning, stderr);
		free(warning);
	}
}

int supervise_start(char *const argv[], int keep_fd, const struct run_limits *lim,
                    struct supervised *w, struct run_result *res)
{
	memset(res, 0, sizeof *res);
	memset(w, 0, sizeof *w);
	w->pid = -1;
	w->keep_fd = keep_fd;
	supervise_reap_left();
	return start_child(argv, keep_fd, lim, w, res);
}

/* Its memory cap: rss_bytes over the program, or TOOL_RSS_BYTES over its
 * process group for tools (the compiler). It maps the cases (RssShmem): what
 * the case file holds does not count, nor does more than that. Its size is
 * no measure: the engine reserves a sparse 16 GiB, most of it never written. */
static void set_memory_cap(struct supervised *w, const struct run_limits *lim)
{
	w->rss_cap = lim->rss_bytes ? lim->rss_bytes : TOOL_RSS_BYTES;
	w->whole_group = !lim->rss_bytes || !lim->no_fork;
	struct stat case_file;
	if (lim->rss_bytes && w->keep_fd >= 0 && fstat(w->keep_fd, &case_file) == 0)
		w->rss_cap += (uint64_t)case_file.st_blocks * 512;
}

int supervise_finish(struct supervised *w, const struct run_limits *lim, struct run_result *res)
{
	/* the clock and the cap from now: a program started early waited until
	 * its case file was filled */
	w->start = now_s();
	w->deadline = w->start + lim->wall_s;
	set_memory_cap(w, lim);
	watch_child(w, lim, res);
	/* Nothing of the judged program outlives its run: its process group
	 * (still held by the child, alive or a zombie), then whatever escaped
	 * the group and was re-parented to us. */
	int status = 0;
	struct rusage ru = {0};
	if (w->said_done) {
		leave_to_end(w->pid);
	} else {
		kill(-w->pid, SIGKILL);
		kill(w->pid, SIGKILL);
		wait4(w->pid, &status, 0, &ru);
	}
	kill_orphans();
	close(w->out_fd);
	res->wall_s = now_s() - w->start;
	res->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	             (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
	if (res->end == RUN_EXITED && !w->said_done && WIFSIGNALED(status)) {
		res->end = RUN_SIGNALED;
		res->signal = WTERMSIG(status);
	} else if (res->end == RUN_EXITED && !w->said_done) {
		res->exit_code = WEXITSTATUS(status);
	}
	res->output_len = w->kept.len;
	res->output = sb_take(&w->kept);
	take_notes(res);
	return 0;
}

void supervise_stop(struct supervised *w)
{
	if (w->pid <= 0)
		return;
	kill(-w->pid, SIGKILL);
	kill(w->pid, SIGKILL);
	while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {
	}
	close(w->out_fd);
	free(sb_take(&w->kept));
	w->pid = -1;
}

int run_supervised(char *const argv[], int keep_fd, const struct run_limits *lim,
                   struct run_result *res)
{
	struct supervised w;
	int started = supervise_start(argv, keep_fd, lim, &w, res);
	if (started <= 0)
		return started;
	return supervise_finish(&w, lim, res);
}

int flock_deadline(int fd, int how, double seconds)
{
	double end = now_s() + seconds;
	for (;;) {
		if (flock(fd, how | LOCK_NB) == 0)
			return 0;
		if (errno != EWOULDBLOCK && errno != EINTR)
			return -1;
		if (now_s() >= end) {
			errno = ETIMEDOUT;
			return -1;
		}
		struct timespec ts = {0, 20 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

/* Work folders are "<name>-<pid>-<tag>", each holding an open, locked
 * OWNER_FILE while its engine lives: the lock, unlike a pid, means the same in
 * every PID namespace (grade runs engines inside bubblewrap, where each one
 * is pid 2), and it goes when the engine dies, however it died. */
#define OWNER_FILE ".owner"

int claim_work_folder(const char *folder)
{
	char *path = xasprintf("%s/%s", folder, OWNER_FILE);
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	free(path);
	if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) != 0) {
		close(fd);
		fd = -1;
	}
	return fd; /* kept open until the engine ends */
}

/* True when the folder's engine still holds its lock (or the folder is too
 * new to have one yet: min_age_s covers that). */
static bool folder_owned(const char *folder)
{
	char *path = xasprintf("%s/%s", folder, OWNER_FILE);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	free(path);
	if (fd < 0)
		return false; /* no owner file: an old engine's, or one killed at once */
	bool owned = flock(fd, LOCK_EX | LOCK_NB) != 0;
	close(fd);
	return owned;
}

int clean_stale_work(const char *work_root, double min_age_s)
{
	DIR *d = opendir(work_root);
	if (!d)
		return 0;
	int removed = 0;
	struct dirent *e;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || !strchr(e->d_name, '-'))
			continue;
		char *path = xasprintf("%s/%s", work_root, e->d_name);
		struct stat st;
		if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
		    (double)(time(NULL) - st.st_mtime) >= min_age_s && !folder_owned(path)) {
			remove_tree(path);
			++removed;
		}
		free(path);
	}
	closedir(d);
	return removed;
}

void run_result_free(struct run_result *res)
{
	free(res->output);
	res->output = NULL;
}
