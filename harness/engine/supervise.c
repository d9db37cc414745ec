/*
 * Supervising an untrusted program; see supervise.h.
 *
 * The child gets its own process group, so a timeout or an output flood kills
 * everything it forked. Its stdout and stderr share one pipe that the parent
 * drains with poll() against the deadline, keeping the first output_keep
 * bytes. exec failures come back through a close-on-exec pipe, so "could not
 * start" is never mistaken for a crash of the judged program.
 *
 * Learner code is also confined (each part on request, see run_limits):
 * a seccomp filter makes fork, vfork and every clone that is not a thread
 * fail, so a fork loop cannot fill the process table (RLIMIT_NPROC does
 * not bind root); Landlock lets it write only under the folders named, so
 * it cannot change the repository (exercises/, reference/, build/,
 * problems.yaml) whatever its working directory; and the supervising loop
 * polls its private resident memory and the program it runs, killing it
 * when it holds too much host memory or has replaced itself with another
 * program (say, a cached reference binary that would print right answers).
 */
#include "supervise.h"

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
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

/* ------------------------------------------------------------------ */
/* Confinement, applied in the child between fork and exec             */
/* ------------------------------------------------------------------ */

#if defined(__x86_64__)
#define CJ_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define CJ_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif
#define CJ_CLONE_THREAD 0x00010000u
#define CJ_X32_BIT 0x40000000u
#define CJ_NEVER 0xffffffffu /* a syscall number no architecture has */

/* fork and vfork fail with EPERM, clone without CLONE_THREAD too (threads
 * stay allowed: the CUDA runtime and ThreadSanitizer make them), clone3
 * with ENOSYS so that the C library falls back to clone, whose flags a
 * filter can read. Other architectures are left alone. */
static void forbid_fork(void)
{
#ifdef CJ_AUDIT_ARCH
#ifdef __NR_fork
	const unsigned nr_fork = __NR_fork, nr_vfork = __NR_vfork;
#else
	const unsigned nr_fork = CJ_NEVER, nr_vfork = CJ_NEVER;
#endif
#ifdef __NR_clone3
	const unsigned nr_clone3 = __NR_clone3;
#else
	const unsigned nr_clone3 = 435;
#endif
#ifdef __x86_64__
	const unsigned x32 = CJ_X32_BIT;
#else
	const unsigned x32 = CJ_NEVER;
#endif
	struct sock_filter f[] = {
	        /* 0 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)),
	        /* 1 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CJ_AUDIT_ARCH, 1, 0),
	        /* 2 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	        /* 3 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
	        /* 4 */ BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, x32, 10, 0),
	        /* 5 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr_clone3, 0, 1),
	        /* 6 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
	        /* 7 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4),
	        /* 8 */ BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[0])),
	        /* 9 */ BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CJ_CLONE_THREAD, 0, 5),
	        /* 10 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	        /* 11 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	        /* 12 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr_fork, 2, 0),
	        /* 13 */ BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, nr_vfork, 1, 0),
	        /* 14 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	        /* 15 */ BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
	};
	struct sock_fprog prog = {.len = (unsigned short)(sizeof f / sizeof f[0]), .filter = f};
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog);
#endif
}

/* Landlock's rights over changing the file system (ABI 1, 2 and 3); reading
 * and executing stay open. */
#define LL_WRITE_ABI1 ((1ull << 1) | (0x7full << 4) | (1ull << 11) | (1ull << 12))
#define LL_REFER (1ull << 13)
#define LL_TRUNCATE (1ull << 14)

struct ll_ruleset_attr {
	uint64_t handled_access_fs;
};
struct ll_path_beneath {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

/* 0 when the program can now write only under dirs, -1 when Landlock is
 * not there to do it. */
static int confine_writes(const char *const *dirs)
{
#ifdef SYS_landlock_create_ruleset
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1u /* VERSION */);
	if (abi < 1)
		return -1;
	struct ll_ruleset_attr attr = {LL_WRITE_ABI1 | (abi >= 2 ? LL_REFER : 0) |
	                               (abi >= 3 ? LL_TRUNCATE : 0)};
	int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0u);
	if (rs < 0)
		return -1;
	for (const char *const *d = dirs; *d; ++d) {
		int fd = open(*d, O_PATH | O_CLOEXEC);
		if (fd < 0)
			continue;
		struct ll_path_beneath pb = {attr.handled_access_fs, fd};
		syscall(SYS_landlock_add_rule, rs, 1 /* PATH_BENEATH */, &pb, 0u);
		close(fd);
	}
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	long rc = syscall(SYS_landlock_restrict_self, rs, 0u);
	close(rs);
	return rc == 0 ? 0 : -1;
#else
	(void)dirs;
	return -1;
#endif
}

/* Private resident memory (RssAnon) of pid in bytes; 0 when unknown. */
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
	const char *at = strstr(buf, "RssAnon:");
	unsigned long long kb = 0;
	if (!at || sscanf(at + 8, "%llu", &kb) != 1)
		return 0;
	return (uint64_t)kb << 10;
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

/* Runs in the child between fork and exec: only async-signal-safe calls. */
static void child_setup(const char *program, char *const argv[], int keep_fd, int out_w, int err_w,
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
	if (lim->cwd && chdir(lim->cwd) != 0)
		_exit(127);
	if (lim->write_dirs && confine_writes(lim->write_dirs) != 0) {
		/* Said in the output, where the engine finds it. */
		static const char note[] = "cudajudge: no Landlock here: writes not confined\n";
		if (write(out_w, note, sizeof note - 1) < 0) {
			/* nothing to report with */
		}
	}
	if (lim->no_fork)
		forbid_fork();

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
	execv(program, argv);
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
		long pid, ppid, pgrp;
		while ((pid = next_pid(d)) != 0)
			if (parent_and_group(pid, &ppid, &pgrp) && ppid == getpid()) {
				kill((pid_t)pid, SIGKILL);
				found = true;
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

	/* A relative program name must survive the change of directory. */
	char program[PATH_MAX];
	if (!lim->cwd || argv[0][0] == '/' || !realpath(argv[0], program))
		snprintf(program, sizeof program, "%s", argv[0]);
	struct stat program_id;
	bool check_program = lim->same_program && stat(program, &program_id) == 0;
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
		child_setup(program, argv, keep_fd, out_pipe[1], err_pipe[1], lim);

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
	double next_look = 0; /* at memory and program, every 20 ms */
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
		if (!exited && now >= next_look) {
			next_look = now + 0.02;
			uint64_t rss = !lim->rss_bytes ? 0
			               : lim->no_fork  ? private_rss(pid) /* alone in its group */
			                               : group_rss(pid);
			if (rss > res->peak_rss)
				res->peak_rss = rss;
			if (lim->rss_bytes && rss > lim->rss_bytes) {
				res->end = RUN_MEMORY;
				break;
			}
			if (check_program && !runs_program(pid, &program_id)) {
				res->end = RUN_EXECED;
				break;
			}
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
	static const char no_landlock[] = "cudajudge: no Landlock here: writes not confined\n";
	if (lim->write_dirs && !strncmp(res->output, no_landlock, sizeof no_landlock - 1)) {
		res->unconfined = true;
		memmove(res->output, res->output + sizeof no_landlock - 1,
		        res->output_len - (sizeof no_landlock - 1) + 1);
		res->output_len -= sizeof no_landlock - 1;
	}
	return 0;
}

void run_result_free(struct run_result *res)
{
	free(res->output);
	res->output = NULL;
}
