/*
 * Supervising an untrusted program; see supervise.h.
 *
 * The child gets its own process group, so a timeout or an output flood kills
 * everything it forked. Its stdout and stderr share one pipe that the parent
 * drains with poll() against the deadline, keeping the first output_keep
 * bytes. exec failures come back through a close-on-exec pipe, so "could not
 * start" is never mistaken for a crash of the judged program.
 */
#include "supervise.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

static void set_limit(int resource, rlim_t value)
{
	struct rlimit rl = {value, value};
	setrlimit(resource, &rl);
}

/* Runs in the child between fork and exec: only async-signal-safe calls. */
static void child_setup(char *const argv[], int keep_fd, int out_w, int err_w,
                        const struct run_limits *lim)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (lim->cpu_s > 0) {
		struct rlimit rl = {(rlim_t)lim->cpu_s + 1, (rlim_t)lim->cpu_s + 2};
		setrlimit(RLIMIT_CPU, &rl);
	}
	if (lim->memory_bytes)
		set_limit(RLIMIT_DATA, lim->memory_bytes);
	if (lim->max_procs > 0)
		set_limit(RLIMIT_NPROC, (rlim_t)lim->max_procs);
	set_limit(RLIMIT_CORE, 0);

	int null_fd = open("/dev/null", O_RDONLY);
	if (null_fd >= 0) {
		dup2(null_fd, 0);
		close(null_fd);
	}
	dup2(out_w, 1);
	dup2(out_w, 2);
	long max_fd = sysconf(_SC_OPEN_MAX);
	if (max_fd < 0 || max_fd > 65536)
		max_fd = 65536;
	for (int fd = 3; fd < max_fd; ++fd)
		if (fd != keep_fd && fd != err_w)
			close(fd);
	execv(argv[0], argv);
	int e = errno;
	if (write(err_w, &e, sizeof e) < 0) {
		/* nothing left to report with */
	}
	_exit(127);
}

/* Kills and reaps every process re-parented to us: descendants that left the
 * program's process group (setsid) end up here because the engine is a child
 * subreaper. Repeats until none is left, as a dying one may leave orphans. */
static void kill_orphans(void)
{
	for (int round = 0; round < 50; ++round) {
		bool found = false;
		DIR *d = opendir("/proc");
		struct dirent *e;
		while (d && (e = readdir(d))) {
			char *end;
			long pid = strtol(e->d_name, &end, 10);
			if (*end || pid <= 0)
				continue;
			char path[64], buf[512];
			snprintf(path, sizeof path, "/proc/%ld/stat", pid);
			FILE *f = fopen(path, "r");
			if (!f)
				continue;
			size_t n = fread(buf, 1, sizeof buf - 1, f);
			fclose(f);
			buf[n] = '\0';
			/* "pid (comm) state ppid ...": comm may hold spaces and ')' */
			char *close = strrchr(buf, ')');
			long ppid = 0;
			if (close && sscanf(close + 1, " %*c %ld", &ppid) == 1 &&
			    ppid == getpid()) {
				kill((pid_t)pid, SIGKILL);
				found = true;
			}
		}
		if (d)
			closedir(d);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			found = true;
		if (!found)
			return;
		struct timespec ts = {0, 2 * 1000 * 1000};
		nanosleep(&ts, NULL);
	}
}

int run_supervised(char *const argv[], int keep_fd, const struct run_limits *lim,
                   struct run_result *res)
{
	memset(res, 0, sizeof *res);
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

	double start = now_s();
	pid_t pid = fork();
	if (pid < 0) {
		snprintf(res->error, sizeof res->error, "fork: %s", strerror(errno));
		for (int i = 0; i < 2; ++i) {
			close(out_pipe[i]);
			close(err_pipe[i]);
		}
		return -1;
	}
	if (pid == 0)
		child_setup(argv, keep_fd, out_pipe[1], err_pipe[1], lim);

	setpgid(pid, pid);
	close(out_pipe[1]);
	close(err_pipe[1]);
	if (keep_fd >= 0)
		fcntl(keep_fd, F_SETFD, fcntl(keep_fd, F_GETFD) | FD_CLOEXEC);

	int exec_errno = 0;
	if (read(err_pipe[0], &exec_errno, sizeof exec_errno) == (ssize_t)sizeof exec_errno) {
		waitpid(pid, NULL, 0);
		close(err_pipe[0]);
		close(out_pipe[0]);
		res->end = RUN_NOT_STARTED;
		snprintf(res->error, sizeof res->error, "cannot run %s: %s", argv[0],
		         strerror(exec_errno));
		return 0;
	}
	close(err_pipe[0]);

	struct strbuf kept = {0};
	double deadline = start + lim->wall_s;
	bool exited = false, out_open = true;
	int status = 0;
	struct rusage ru = {0};
	double exited_at = 0;
	res->end = RUN_EXITED;

	while (out_open || !exited) {
		if (!exited) {
			/* WNOWAIT: the zombie keeps its pid (and so its process group)
			 * until the group has been killed below. */
			siginfo_t info = {0};
			if (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
			    info.si_pid == pid) {
				exited = true;
				exited_at = now_s();
			}
		}
		double now = now_s();
		/* A grandchild may hold the pipe open after the child is gone. */
		if (exited && out_open && now - exited_at > 0.2)
			break;
		if (!exited && now >= deadline) {
			res->end = RUN_TIMED_OUT;
			break;
		}
		int wait_ms = exited ? 20 : (int)((deadline - now) * 1000) + 1;
		if (wait_ms > 20)
			wait_ms = 20; /* also poll waitpid regularly */
		if (!out_open) {
			struct timespec ts = {0, 5 * 1000 * 1000};
			nanosleep(&ts, NULL);
			continue;
		}
		struct pollfd p = {.fd = out_pipe[0], .events = POLLIN};
		int pr = poll(&p, 1, wait_ms);
		if (pr <= 0)
			continue;
		char chunk[65536];
		ssize_t n = read(out_pipe[0], chunk, sizeof chunk);
		if (n <= 0) {
			out_open = false;
			continue;
		}
		res->output_total += (uint64_t)n;
		if (kept.len < lim->output_keep) {
			size_t room = lim->output_keep - kept.len;
			sb_add(&kept, chunk, (size_t)n < room ? (size_t)n : room);
		}
		if (lim->output_kill && res->output_total > lim->output_kill) {
			res->end = RUN_OUTPUT_FLOOD;
			break;
		}
	}

	/* Nothing of the judged program outlives its run: its process group
	 * (still held by the child, alive or a zombie), then whatever escaped
	 * the group and was re-parented to us. */
	kill(-pid, SIGKILL);
	if (!exited)
		kill(pid, SIGKILL);
	wait4(pid, &status, 0, &ru);
	kill_orphans();
	close(out_pipe[0]);

	res->wall_s = now_s() - start;
	res->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
	             (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
	if (res->end == RUN_EXITED) {
		if (WIFSIGNALED(status)) {
			res->end = RUN_SIGNALED;
			res->signal = WTERMSIG(status);
		} else {
			res->exit_code = WEXITSTATUS(status);
		}
	}
	res->output_len = kept.len;
	res->output = sb_take(&kept);
	return 0;
}

void run_result_free(struct run_result *res)
{
	free(res->output);
	res->output = NULL;
}
