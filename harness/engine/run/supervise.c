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
 *
 * A program confined with write_dirs (the judged test program) gets the
 * whole jail, each part degrading to a note in its output (see
 * run_result.weakened) where the kernel or the user lacks it:
 *  - its own mount and IPC namespaces (root, or CAP_SYS_ADMIN): /dev holds
 *    only null, zero, full, random, urandom and the nvidia* nodes, read-only
 *    (no /dev/shm, no /dev/tty), and System V shared memory dies with it;
 *  - no capabilities (a root program cannot mount, load modules, override
 *    file permissions or trace other processes);
 *  - Landlock: writes only under write_dirs ("/dev" standing for the device
 *    nodes above), reads only there and under read_dirs when given, no TCP
 *    (ABI 4), and signals and abstract unix sockets only within its own
 *    domain (ABI 6);
 *  - seccomp: besides fork, no chmod, chown, utime or xattr changes (which
 *    Landlock does not cover), no sockets but AF_UNIX, no signal to any
 *    process but its own, no ptrace or process_vm_*, no memfd or System V
 *    shared memory;
 *  - RLIMIT_FSIZE, and its shared memory (RssShmem: MAP_SHARED anonymous
 *    memory, tmpfs files it maps) counted with RssAnon against rss_bytes,
 *    less what the case file it was handed holds (not its sparse size).
 * The engine itself is made non-dumpable, so that no program of the same
 * user can read its memory (the expected outputs) through /proc/PID/mem.
 * Every child has a deadline (wall_s) and a memory cap: rss_bytes, or
 * TOOL_RSS_BYTES over the process group for tools (the compiler).
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
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <linux/capability.h>
#include <sched.h>
#include <sys/file.h>
#include <time.h>
#include <unistd.h>

#include "report/lang.h"
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

/* The seccomp program, built in the child (no allocation: a fixed array). */
#define BPF_MAX 160
struct bpf_prog_buf {
	struct sock_filter f[BPF_MAX];
	unsigned n;
};

static void emit(struct bpf_prog_buf *b, struct sock_filter ins)
{
	if (b->n < BPF_MAX)
		b->f[b->n++] = ins;
}

#define LD_NR BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))
#define LD_ARG(i) BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, args[i]))
#define RET_ERRNO(e) BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (e))
#define RET_ALLOW BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

/* Syscall nr fails with errno e. */
static void deny(struct bpf_prog_buf *b, long nr, int e)
{
	if (nr < 0)
		return;
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0, 1));
	emit(b, (struct sock_filter)RET_ERRNO((unsigned)e));
}

/* Syscall nr is allowed only when the low word of argument arg is one of
 * ok[0..n) (signals: to itself, or its own process group); EPERM else. */
static void only_when(struct bpf_prog_buf *b, long nr, int arg, const uint32_t *ok, unsigned n)
{
	if (nr < 0)
		return;
	/* JEQ nr; LD arg; n x JEQ -> ALLOW; EPERM; ALLOW */
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 0,
	                                     (unsigned char)(n + 3)));
	emit(b, (struct sock_filter)LD_ARG(arg));
	for (unsigned i = 0; i < n; ++i)
		emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ok[i],
		                                     (unsigned char)(n - i), 0));
	emit(b, (struct sock_filter)RET_ERRNO(EPERM));
	emit(b, (struct sock_filter)RET_ALLOW);
}

#ifndef __NR_fchmodat2
#define __NR_fchmodat2 452
#endif
#ifndef __NR_setxattrat
#define __NR_setxattrat 463
#endif
#ifndef __NR_removexattrat
#define __NR_removexattrat 466
#endif
#ifndef __NR_memfd_secret
#define __NR_memfd_secret 447
#endif
#ifndef __NR_pidfd_getfd
#define __NR_pidfd_getfd 438
#endif
#ifndef __NR_pidfd_send_signal
#define __NR_pidfd_send_signal 424
#endif
#ifdef __NR_chmod
#define CJ_OLD(nr) (nr)
#else
#define CJ_OLD(nr) (-1L)
#endif

/* no_fork: fork and vfork fail with EPERM, clone without CLONE_THREAD too
 * (threads stay allowed: the CUDA runtime and ThreadSanitizer make them),
 * clone3 with ENOSYS so that the C library falls back to clone, whose flags
 * a filter can read. jail: the rest of the list at the top of this file.
 * Other architectures are left alone; false when the filter was refused. */
static bool install_seccomp(bool no_fork, bool jail)
{
#ifdef CJ_AUDIT_ARCH
#ifdef __x86_64__
	const unsigned x32 = CJ_X32_BIT;
#else
	const unsigned x32 = CJ_NEVER;
#endif
	struct bpf_prog_buf b = {.n = 0};
	emit(&b, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
	                                      offsetof(struct seccomp_data, arch)));
	emit(&b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CJ_AUDIT_ARCH, 1, 0));
	emit(&b, (struct sock_filter)RET_ALLOW);
	emit(&b, (struct sock_filter)LD_NR);
	emit(&b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, x32, 0, 1));
	emit(&b, (struct sock_filter)RET_ERRNO(EPERM));
	/* The busiest calls (the emulator's futexes, the driver's ioctls) first,
	 * allowed at once rather than after every test below. */
	const long hot[] = {__NR_futex,   __NR_ioctl,          __NR_read,     __NR_write,
	                    __NR_mmap,    __NR_munmap,         __NR_mprotect, __NR_sched_yield,
	                    __NR_madvise, __NR_clock_nanosleep};
	for (size_t i = 0; i < sizeof hot / sizeof hot[0]; ++i)
		emit(&b, (struct sock_filter)BPF_JUMP(
		                 BPF_JMP | BPF_JEQ | BPF_K, (unsigned)hot[i],
		                 (unsigned char)(sizeof hot / sizeof hot[0] - i), 0));
	emit(&b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JA, 1, 0, 0));
	emit(&b, (struct sock_filter)RET_ALLOW);
	if (no_fork) {
#ifdef __NR_fork
		deny(&b, __NR_fork, EPERM);
		deny(&b, __NR_vfork, EPERM);
#endif
#ifdef __NR_clone3
		deny(&b, __NR_clone3, ENOSYS);
#else
		deny(&b, 435, ENOSYS);
#endif
		/* clone: allowed with CLONE_THREAD, else EPERM */
		emit(&b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
		emit(&b, (struct sock_filter)LD_ARG(0));
		emit(&b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CJ_CLONE_THREAD,
		                                      0, 1));
		emit(&b, (struct sock_filter)RET_ALLOW);
		emit(&b, (struct sock_filter)RET_ERRNO(EPERM));
	}
	if (jail) {
		const long changes[] = {
#ifdef __NR_chmod
		        __NR_chmod,
		        __NR_chown,
		        __NR_lchown,
		        __NR_utime,
		        __NR_utimes,
		        __NR_futimesat,
#endif
		        __NR_fchmod,
		        __NR_fchmodat,
		        __NR_fchmodat2,
		        __NR_fchown,
		        __NR_fchownat,
		        __NR_utimensat,
		        __NR_setxattr,
		        __NR_lsetxattr,
		        __NR_fsetxattr,
		        __NR_removexattr,
		        __NR_lremovexattr,
		        __NR_fremovexattr,
		        __NR_setxattrat,
		        __NR_removexattrat,
		        /* other processes */
		        __NR_ptrace,
		        __NR_process_vm_readv,
		        __NR_process_vm_writev,
		        __NR_pidfd_getfd,
		        __NR_pidfd_send_signal,
		        __NR_tkill,
		        /* memory the resident-set poll would not see */
		        __NR_memfd_create,
		        __NR_memfd_secret,
		        __NR_shmget,
		        /* namespaces of its own (a user namespace gives capabilities back) */
		        __NR_unshare,
		        __NR_setns,
		};
		for (size_t i = 0; i < sizeof changes / sizeof changes[0]; ++i)
			deny(&b, changes[i], EPERM);
		const uint32_t me = (uint32_t)getpid();
		const uint32_t to_self[] = {0u, me, (uint32_t) - (int32_t)me};
		only_when(&b, __NR_kill, 0, to_self, 3);
		only_when(&b, __NR_tgkill, 0, to_self + 1, 1);
		only_when(&b, __NR_rt_sigqueueinfo, 0, to_self + 1, 1);
		only_when(&b, __NR_rt_tgsigqueueinfo, 0, to_self + 1, 1);
		const uint32_t unix_only[] = {1u /* AF_UNIX */};
		only_when(&b, __NR_socket, 0, unix_only, 1);
	}
	emit(&b, (struct sock_filter)RET_ALLOW);
	if (b.n >= BPF_MAX)
		return false;
	struct sock_fprog prog = {.len = (unsigned short)b.n, .filter = b.f};
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	return prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) == 0;
#else
	(void)no_fork;
	(void)jail;
	return false;
#endif
}

/* Landlock's rights over changing the file system (ABI 1, 2 and 3); reading
 * and executing stay open. Device ioctls (ABI 5) are not handled: the GPU
 * driver lives on them. */
#define LL_WRITE_ABI1 ((1ull << 1) | (0x7full << 4) | (1ull << 11) | (1ull << 12))
#define LL_WRITE_FILE (1ull << 1)
#define LL_READ_FILE (1ull << 2)
#define LL_READ_DIR (1ull << 3)
#define LL_REFER (1ull << 13)
#define LL_TRUNCATE (1ull << 14)
#define LL_NET_BIND_TCP (1ull << 0)
#define LL_NET_CONNECT_TCP (1ull << 1)
#define LL_SCOPE_ABSTRACT_UNIX (1ull << 0)
#define LL_SCOPE_SIGNAL (1ull << 1)

struct ll_ruleset_attr {
	uint64_t handled_access_fs;
	uint64_t handled_access_net; /* ABI 4 */
	uint64_t scoped;             /* ABI 6 */
};
struct ll_path_beneath {
	uint64_t allowed_access;
	int32_t parent_fd;
} __attribute__((packed));

/* The device nodes a test program may open for writing (and, in its own
 * mount namespace, the only ones it sees): found in the parent, before the
 * fork. */
#define DEV_MAX 48
struct dev_nodes {
	char name[DEV_MAX][64];
	int n;
};

static void find_dev_nodes(struct dev_nodes *d)
{
	static const char *const plain[] = {"null", "zero", "full", "random", "urandom"};
	d->n = 0;
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; ++i)
		snprintf(d->name[d->n++], sizeof d->name[0], "%s", plain[i]);
	DIR *dir = opendir("/dev");
	struct dirent *e;
	while (dir && (e = readdir(dir)) && d->n < DEV_MAX)
		if (!strncmp(e->d_name, "nvidia", 6) && strlen(e->d_name) < sizeof d->name[0])
			snprintf(d->name[d->n++], sizeof d->name[0], "%s", e->d_name);
	if (dir)
		closedir(dir);
}

/* Adds a rule letting the program change what lies beneath path (or the
 * file itself); false when it is not there. */
static bool ll_allow(int rs, uint64_t handled, const char *path)
{
	int fd = open(path, O_PATH | O_CLOEXEC);
	if (fd < 0)
		return false;
	struct stat st;
	uint64_t rights = handled;
	if (fstat(fd, &st) == 0 && !S_ISDIR(st.st_mode))
		rights &=
		        LL_READ_FILE | LL_WRITE_FILE | LL_TRUNCATE; /* the rights a file can have */
	struct ll_path_beneath pb = {rights, fd};
	syscall(SYS_landlock_add_rule, rs, 1 /* PATH_BENEATH */, &pb, 0u);
	close(fd);
	return true;
}

/* Landlock (see the top of the file): the Landlock ABI in use, 0 when the
 * kernel has none (nothing confined). "/dev" in dirs stands for the nodes
 * of devs. */
static long confine_landlock(const char *const *dirs, const char *const *read_dirs,
                             const struct dev_nodes *devs)
{
#ifdef SYS_landlock_create_ruleset
	long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1u /* VERSION */);
	if (abi < 1)
		return 0;
	uint64_t reads = read_dirs ? LL_READ_FILE | LL_READ_DIR : 0;
	struct ll_ruleset_attr attr = {
	        .handled_access_fs = LL_WRITE_ABI1 | reads | (abi >= 2 ? LL_REFER : 0) |
	                             (abi >= 3 ? LL_TRUNCATE : 0),
	        .handled_access_net = abi >= 4 ? LL_NET_BIND_TCP | LL_NET_CONNECT_TCP : 0,
	        .scoped = abi >= 6 ? LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL : 0,
	};
	size_t size = abi >= 6 ? sizeof attr : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);
	int rs = (int)syscall(SYS_landlock_create_ruleset, &attr, size, 0u);
	if (rs < 0)
		return 0;
	for (const char *const *d = dirs; *d; ++d) {
		if (strcmp(*d, "/dev") != 0) {
			ll_allow(rs, attr.handled_access_fs, *d);
			continue;
		}
		for (int i = 0; i < devs->n; ++i) {
			char path[80];
			snprintf(path, sizeof path, "/dev/%s", devs->name[i]);
			ll_allow(rs, attr.handled_access_fs, path);
		}
	}
	for (const char *const *d = read_dirs; d && *d; ++d)
		ll_allow(rs, reads, *d);
	prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
	long rc = syscall(SYS_landlock_restrict_self, rs, 0u);
	close(rs);
	return rc == 0 ? abi : 0;
#else
	(void)dirs;
	(void)read_dirs;
	(void)devs;
	return 0;
#endif
}

/* Its own mount and IPC namespaces, with a /dev of devs alone (read-only:
 * nothing can be created there, so no /dev/shm). false when the kernel or
 * the user's rights refuse them; the program then sees the host's /dev,
 * where Landlock still keeps it from writing anything but devs. */
static bool private_dev(const struct dev_nodes *devs)
{
	int fds[DEV_MAX];
	/* Opened in the new namespace: a bind mount's source must be there. */
	bool ok = unshare(CLONE_NEWNS | CLONE_NEWIPC) == 0 &&
	          mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
	for (int i = 0; i < devs->n; ++i) {
		char path[80];
		snprintf(path, sizeof path, "/dev/%s", devs->name[i]);
		fds[i] = ok ? open(path, O_PATH | O_CLOEXEC) : -1;
	}
	ok = ok && mount("cudajudge-dev", "/dev", "tmpfs", MS_NOSUID | MS_NOEXEC,
	                 "size=64k,nr_inodes=256,mode=755") == 0;
	for (int i = 0; ok && i < devs->n; ++i) {
		if (fds[i] < 0)
			continue;
		char path[80], from[64];
		snprintf(path, sizeof path, "/dev/%s", devs->name[i]);
		snprintf(from, sizeof from, "/proc/self/fd/%d", fds[i]);
		struct stat st;
		if (fstat(fds[i], &st) == 0 && S_ISDIR(st.st_mode)) /* nvidia-caps */
			mkdir(path, 0755);
		else
			close(open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0666));
		if (mount(from, path, NULL, MS_BIND | MS_REC, NULL) != 0)
			ok = false;
	}
	if (ok) {
		static const char *const links[][2] = {{"/proc/self/fd", "/dev/fd"},
		                                       {"/proc/self/fd/0", "/dev/stdin"},
		                                       {"/proc/self/fd/1", "/dev/stdout"},
		                                       {"/proc/self/fd/2", "/dev/stderr"}};
		for (size_t i = 0; i < sizeof links / sizeof links[0]; ++i)
			if (symlink(links[i][0], links[i][1]) != 0)
				ok = false;
		ok = ok &&
		     mount(NULL, "/dev", NULL,
		           MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NOEXEC, NULL) == 0;
	}
	for (int i = 0; i < devs->n; ++i)
		if (fds[i] >= 0)
			close(fds[i]);
	if (!ok)
		umount2("/dev", MNT_DETACH); /* back to the host's /dev, if it was covered */
	return ok;
}

/* No capabilities, now or after exec (a root program keeps being uid 0 but
 * loses what root may do beyond the file permissions); false when refused. */
static bool drop_capabilities(void)
{
	for (int cap = 0; cap <= 63; ++cap)
		if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 && errno != EINVAL)
			return false;
	prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0);
	struct __user_cap_header_struct h = {_LINUX_CAPABILITY_VERSION_3, 0};
	struct __user_cap_data_struct none[2];
	memset(none, 0, sizeof none);
	return syscall(SYS_capset, &h, none) == 0;
}

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
#define NOTE_PREFIX "cudajudge: not confined: "

static void note_weak(int out_w, const char *what)
{
	char line[160];
	int n = snprintf(line, sizeof line, NOTE_PREFIX "%s\n", what);
	if (n > 0 && write(out_w, line, (size_t)n) < 0) {
		/* nothing to report with */
	}
}

/* Runs in the child between fork and exec: only async-signal-safe calls
 * (and the engine is single-threaded, so snprintf and opendir are safe). */
static void child_setup(const char *program, char *const argv[], int keep_fd, int out_w, int err_w,
                        const struct run_limits *lim, const struct dev_nodes *devs)
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
	bool jail = lim->write_dirs != NULL && !getenv("CUDAJUDGE_NO_JAIL");
	if (jail) {
		set_limit(RLIMIT_FSIZE, JAIL_FILE_BYTES);
		if (!private_dev(devs))
			note_weak(out_w, "no mount namespace (the host's /dev is visible)");
	}
	if (lim->cwd && chdir(lim->cwd) != 0)
		_exit(127);
	if (jail && (getuid() == 0 || geteuid() == 0) && !drop_capabilities())
		note_weak(out_w, "capabilities kept");
	if (lim->write_dirs) {
		long abi = confine_landlock(lim->write_dirs, lim->read_dirs, devs);
		if (abi == 0)
			note_weak(out_w, "no Landlock (writes not confined)");
		else if (abi < 6)
			note_weak(out_w, "Landlock before ABI 6 (signals left to seccomp)");
	}
	if ((lim->no_fork || jail) && !install_seccomp(lim->no_fork, jail))
		note_weak(out_w, "no seccomp filter");

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
static pid_t spared_child;

void supervise_spare_child(pid_t pid)
{
	spared_child = pid;
}

static void kill_orphans(void)
{
	for (int round = 0; round < 50; ++round) {
		bool found = false;
		DIR *d = opendir("/proc");
		long pid, ppid, pgrp;
		while ((pid = next_pid(d)) != 0)
			if (parent_and_group(pid, &ppid, &pgrp) && ppid == getpid() &&
			    pid != spared_child) {
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
	static struct dev_nodes devs; /* static: too big for some stacks */
	if (lim->write_dirs)
		find_dev_nodes(&devs);
	/* No program of the same user may read the engine's memory. */
	prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
	/* Every child has a memory cap: tools (the compiler) over their group. */
	uint64_t rss_cap = lim->rss_bytes ? lim->rss_bytes : TOOL_RSS_BYTES;
	bool whole_group = !lim->rss_bytes || !lim->no_fork;
	/* It maps the cases (RssShmem): what the case file holds does not count,
	 * nor does more than that. Its size is no measure: the engine reserves
	 * a sparse 16 GiB, most of it never written. */
	struct stat case_file;
	if (lim->rss_bytes && keep_fd >= 0 && fstat(keep_fd, &case_file) == 0)
		rss_cap += (uint64_t)case_file.st_blocks * 512;
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
		child_setup(program, argv, keep_fd, out_pipe[1], err_pipe[1], lim, &devs);

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
			/* tools every 0.5 s: their poll walks the whole of /proc */
			next_look = now + (lim->rss_bytes ? 0.02 : 0.5);
			uint64_t rss = whole_group ? group_rss(pid)
			                           : private_rss(pid); /* alone in its group */
			if (rss > res->peak_rss)
				res->peak_rss = rss;
			if (rss > rss_cap) {
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
	/* The child's notes on missing confinement come first. */
	char *o = res->output;
	while (!strncmp(o, NOTE_PREFIX, strlen(NOTE_PREFIX))) {
		char *eol = strchr(o, '\n');
		if (!eol)
			break;
		const char *what = o + strlen(NOTE_PREFIX);
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
		fprintf(stderr,
		        L("cudajudge: warning: the test program's confinement is weaker on this "
		          "machine (%s); see docs/security.md\n",
		          "cudajudge：警告：这台机器上测试程序的隔离较弱（%s）；见 "
		          "docs/security.md\n"),
		        res->weakened);
	}
	return 0;
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
