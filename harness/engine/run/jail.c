/*
 * The jail of a supervised program, entered by the child between fork and
 * exec (run_supervised, supervise.c); see jail.h.
 *
 * Learner code is confined (each part on request, see run_limits):
 * a seccomp filter makes fork, vfork and every clone that is not a thread
 * fail, so a fork loop cannot fill the process table (RLIMIT_NPROC does
 * not bind root); Landlock lets it write only under the folders named, so
 * it cannot change the repository (exercises/, reference/, build/,
 * problems.yaml) whatever its working directory. Its memory and the program
 * it runs are watched from outside (supervise.c).
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
 *  - RLIMIT_FSIZE (JAIL_FILE_BYTES per file).
 */
#include "run/jail.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/capability.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

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

#ifdef CJ_AUDIT_ARCH
/* Another architecture's calls are allowed (the filter does not know their
 * numbers), x32's refused; the busiest calls (the emulator's futexes, the
 * driver's ioctls) are allowed at once rather than after every test below. */
static void emit_prologue(struct bpf_prog_buf *b)
{
#ifdef __x86_64__
	const unsigned x32 = CJ_X32_BIT;
#else
	const unsigned x32 = CJ_NEVER;
#endif
	emit(b, (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
	                                     offsetof(struct seccomp_data, arch)));
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, CJ_AUDIT_ARCH, 1, 0));
	emit(b, (struct sock_filter)RET_ALLOW);
	emit(b, (struct sock_filter)LD_NR);
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JGE | BPF_K, x32, 0, 1));
	emit(b, (struct sock_filter)RET_ERRNO(EPERM));
	const long hot[] = {__NR_futex,   __NR_ioctl,          __NR_read,     __NR_write,
	                    __NR_mmap,    __NR_munmap,         __NR_mprotect, __NR_sched_yield,
	                    __NR_madvise, __NR_clock_nanosleep};
	for (size_t i = 0; i < sizeof hot / sizeof hot[0]; ++i)
		emit(b, (struct sock_filter)BPF_JUMP(
		                BPF_JMP | BPF_JEQ | BPF_K, (unsigned)hot[i],
		                (unsigned char)(sizeof hot / sizeof hot[0] - i), 0));
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JA, 1, 0, 0));
	emit(b, (struct sock_filter)RET_ALLOW);
}

/* fork and vfork fail with EPERM, clone without CLONE_THREAD too (threads
 * stay allowed: the CUDA runtime and ThreadSanitizer make them), clone3 with
 * ENOSYS so that the C library falls back to clone, whose flags a filter can
 * read. */
static void emit_no_fork(struct bpf_prog_buf *b)
{
#ifdef __NR_fork
	deny(b, __NR_fork, EPERM);
	deny(b, __NR_vfork, EPERM);
#endif
#ifdef __NR_clone3
	deny(b, __NR_clone3, ENOSYS);
#else
	deny(b, 435, ENOSYS);
#endif
	/* clone: allowed with CLONE_THREAD, else EPERM */
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_clone, 0, 4));
	emit(b, (struct sock_filter)LD_ARG(0));
	emit(b, (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, CJ_CLONE_THREAD, 0, 1));
	emit(b, (struct sock_filter)RET_ALLOW);
	emit(b, (struct sock_filter)RET_ERRNO(EPERM));
}

/* The rest of the list at the top of this file. */
static void emit_jail(struct bpf_prog_buf *b)
{
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
		deny(b, changes[i], EPERM);
	const uint32_t me = (uint32_t)getpid();
	const uint32_t to_self[] = {0u, me, (uint32_t) - (int32_t)me};
	only_when(b, __NR_kill, 0, to_self, 3);
	only_when(b, __NR_tgkill, 0, to_self + 1, 1);
	only_when(b, __NR_rt_sigqueueinfo, 0, to_self + 1, 1);
	only_when(b, __NR_rt_tgsigqueueinfo, 0, to_self + 1, 1);
	const uint32_t unix_only[] = {1u /* AF_UNIX */};
	only_when(b, __NR_socket, 0, unix_only, 1);
}
#endif

/* no_fork: emit_no_fork; jail: emit_jail. Other architectures are left
 * alone; false when the filter was refused. */
static bool install_seccomp(bool no_fork, bool jail)
{
#ifdef CJ_AUDIT_ARCH
	struct bpf_prog_buf b = {.n = 0};
	emit_prologue(&b);
	if (no_fork)
		emit_no_fork(&b);
	if (jail)
		emit_jail(&b);
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

void find_dev_nodes(struct dev_nodes *d)
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

static void note_weak(int out_w, const char *what)
{
	char line[160];
	int n = snprintf(line, sizeof line, JAIL_NOTE_PREFIX "%s\n", what);
	if (n > 0 && write(out_w, line, (size_t)n) < 0) {
		/* nothing to report with */
	}
}

void jail_and_exec(const char *program, char *const argv[], int keep_fd, int out_w, int err_w,
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
