/*
 * A misbehaving program for test_supervise: what it does is chosen by argv[1].
 *
 *   hang                 prints "started", then sleeps forever
 *   grandchild exit|hang forks a grandchild that sleeps forever holding stdout,
 *                        prints "GRANDCHILD <pid>", then exits 0 or hangs
 *   escape               like `grandchild exit`, but the grandchild first
 *                        leaves the process group with setsid()
 *   segv                 writes through a null pointer
 *   flood                writes to stdout forever
 *   print N              writes N bytes of 'x' and exits 0
 *   pass                 prints "PASS\nACCEPTED\n" and exits 0
 *   interleave           "out1" on stdout, "err1" on stderr, "out2" on stdout
 *   nul                  writes the three bytes "a\0b"
 *   exit N               exits with status N
 *   kill SIG             kills itself with signal SIG
 *   burn                 spins on the CPU forever
 *   write_fd FD          writes "hello from the child\n" to FD
 *   listfds              prints its open descriptors, e.g. "0 1 2 5"
 *   stdin                prints "EOF" when standard input is empty, else "DATA"
 *   pgid                 prints "pid=P pgid=G"
 *   limits               prints its CPU, data and core rlimits
 *   alloc MB             allocates and touches MB MiB; prints "OK" or "ENOMEM"
 *   report_pid_hang FD   writes its pid to FD, then sleeps forever
 *   fork                 prints "FORKED" or "NO FORK <errno name>"
 *   thread               prints "THREAD" when a thread could be started
 *   exec PATH            replaces itself with PATH: "PATH hang" for fake_child
 *                        itself, "PATH 30" for another program (sleep)
 *   create PATH          creates PATH; prints "CREATED" or "DENIED"
 *   cwd                  prints its working directory
 *   hog MB               allocates and touches MB MiB, then sleeps forever
 *   shmhog MB            the same in MAP_SHARED anonymous memory (RssShmem)
 *   mapfd FD             maps the whole file FD (MAP_SHARED), reads every page of
 *                        its data (its first st_blocks * 512 bytes: a read of a
 *                        hole would make a page), prints "MAPPED", stays 0.5 s,
 *                        exits 0
 *   waitgo FD            maps the case file FD as the runner does (wire.h: sets
 *                        mapped, then ready_s), waits on go like the runner
 *                        (a futex, up to 60 s), then prints "GO <go> CASES
 *                        <ncases>" and exits 0 (exits 12 when go never came)
 *   jail PATH            tries what the jail forbids, PATH a file outside its
 *                        write_dirs; prints one "NAME yes|no" line each:
 *                        chmod utime xattr signal-parent socket memfd tty shm
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "wire.h"

static void sleep_forever(void)
{
	for (;;)
		sleep(1000);
}

static void write_all(int fd, const void *buf, size_t n)
{
	const char *p = buf;
	while (n) {
		ssize_t k = write(fd, p, n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			exit(10);
		p += k;
		n -= (size_t)k;
	}
}

static void *thread_body(void *arg)
{
	return arg;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void print_limit(const char *name, int resource)
{
	struct rlimit rl;
	getrlimit(resource, &rl);
	if (rl.rlim_cur == RLIM_INFINITY)
		printf("%s=inf", name);
	else
		printf("%s=%llu", name, (unsigned long long)rl.rlim_cur);
	if (rl.rlim_max == RLIM_INFINITY)
		printf("/inf\n");
	else
		printf("/%llu\n", (unsigned long long)rl.rlim_max);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: fake_child MODE [ARG]\n");
		return 64;
	}
	const char *mode = argv[1];
	const char *arg = argc > 2 ? argv[2] : "";

	if (!strcmp(mode, "hang")) {
		printf("started\n");
		fflush(stdout);
		sleep_forever();
	} else if (!strcmp(mode, "grandchild") || !strcmp(mode, "escape")) {
		int ready[2];
		if (pipe(ready) != 0)
			return 11;
		pid_t g = fork();
		if (g < 0)
			return 12;
		if (g == 0) {
			if (!strcmp(mode, "escape"))
				setsid();
			write_all(ready[1], "r", 1);
			sleep_forever(); /* stdout stays open */
		}
		char c;
		if (read(ready[0], &c, 1) != 1)
			return 13;
		printf("GRANDCHILD %d\n", (int)g);
		fflush(stdout);
		if (!strcmp(arg, "hang"))
			sleep_forever();
		return 0;
	} else if (!strcmp(mode, "segv")) {
		volatile int *p = NULL;
		*p = 1;
		return 14;
	} else if (!strcmp(mode, "flood")) {
		static char chunk[65536];
		memset(chunk, 'F', sizeof chunk);
		for (;;)
			write_all(1, chunk, sizeof chunk);
	} else if (!strcmp(mode, "print")) {
		long n = atol(arg);
		for (long i = 0; i < n; ++i)
			putchar('x');
		return 0;
	} else if (!strcmp(mode, "pass")) {
		printf("PASS\nACCEPTED\n");
		return 0;
	} else if (!strcmp(mode, "interleave")) {
		write_all(1, "out1\n", 5);
		write_all(2, "err1\n", 5);
		write_all(1, "out2\n", 5);
		return 0;
	} else if (!strcmp(mode, "nul")) {
		write_all(1, "a\0b", 3);
		return 0;
	} else if (!strcmp(mode, "exit")) {
		exit(atoi(arg));
	} else if (!strcmp(mode, "kill")) {
		raise(atoi(arg));
		return 15;
	} else if (!strcmp(mode, "burn")) {
		volatile unsigned long x = 0;
		for (;;)
			++x;
	} else if (!strcmp(mode, "write_fd")) {
		const char msg[] = "hello from the child\n";
		write_all(atoi(arg), msg, sizeof msg - 1);
		return 0;
	} else if (!strcmp(mode, "listfds")) {
		DIR *d = opendir("/proc/self/fd");
		if (!d)
			return 16;
		int fds[1024], n = 0;
		struct dirent *e;
		while ((e = readdir(d)) && n < 1024) {
			if (e->d_name[0] == '.')
				continue;
			int fd = atoi(e->d_name);
			if (fd != dirfd(d))
				fds[n++] = fd;
		}
		closedir(d);
		qsort(fds, (size_t)n, sizeof *fds, cmp_int);
		for (int i = 0; i < n; ++i)
			printf("%s%d", i ? " " : "", fds[i]);
		printf("\n");
		return 0;
	} else if (!strcmp(mode, "stdin")) {
		char c;
		ssize_t k = read(0, &c, 1);
		printf("%s\n", k == 0 ? "EOF" : k > 0 ? "DATA" : "ERR");
		return 0;
	} else if (!strcmp(mode, "pgid")) {
		printf("pid=%d pgid=%d\n", (int)getpid(), (int)getpgid(0));
		return 0;
	} else if (!strcmp(mode, "limits")) {
		print_limit("cpu", RLIMIT_CPU);
		print_limit("data", RLIMIT_DATA);
		print_limit("core", RLIMIT_CORE);
		return 0;
	} else if (!strcmp(mode, "alloc")) {
		size_t bytes = (size_t)atol(arg) << 20;
		char *p = malloc(bytes);
		if (!p) {
			printf("ENOMEM\n");
			return 0;
		}
		memset(p, 1, bytes);
		printf("OK %d\n", p[bytes - 1]);
		free(p);
		return 0;
	} else if (!strcmp(mode, "fork")) {
		pid_t pid = fork();
		if (pid == 0)
			_exit(0);
		if (pid > 0)
			printf("FORKED\n");
		else
			printf("NO FORK %s\n", errno == EPERM ? "EPERM" : strerror(errno));
		return 0;
	} else if (!strcmp(mode, "thread")) {
		pthread_t t;
		if (pthread_create(&t, NULL, thread_body, NULL) == 0 && pthread_join(t, NULL) == 0)
			printf("THREAD\n");
		return 0;
	} else if (!strcmp(mode, "exec")) {
		fflush(stdout);
		/* itself: "hang"; another program (sleep): "30" */
		execl(arg, arg, strstr(arg, "fake_child") ? "hang" : "30", (char *)NULL);
		printf("NO EXEC\n");
		return 0;
	} else if (!strcmp(mode, "create")) {
		int fd = open(arg, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		printf("%s\n", fd >= 0 ? "CREATED" : "DENIED");
		return 0;
	} else if (!strcmp(mode, "cwd")) {
		char buf[4096];
		printf("%s\n", getcwd(buf, sizeof buf) ? buf : "?");
		return 0;
	} else if (!strcmp(mode, "hog")) {
		size_t bytes = (size_t)atol(arg) << 20;
		char *p = malloc(bytes);
		if (p)
			memset(p, 1, bytes);
		printf("HOLDING\n");
		fflush(stdout);
		sleep_forever();
	} else if (!strcmp(mode, "shmhog")) {
		size_t bytes = (size_t)atol(arg) << 20;
		char *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1,
		               0);
		if (p != MAP_FAILED)
			memset(p, 1, bytes);
		printf("HOLDING\n");
		fflush(stdout);
		sleep_forever();
	} else if (!strcmp(mode, "mapfd")) {
		int fd = atoi(arg);
		struct stat st;
		if (fstat(fd, &st) != 0 || st.st_size == 0)
			return 10;
		volatile char *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
		if (p == MAP_FAILED)
			return 11;
		unsigned sum = 0;
		for (off_t i = 0; i < (off_t)st.st_blocks * 512 && i < st.st_size; i += 4096)
			sum += (unsigned char)p[i];
		printf("MAPPED %u\n", sum);
		fflush(stdout);
		usleep(500 * 1000); /* long enough for the supervisor to look */
		return 0;
	} else if (!strcmp(mode, "waitgo")) {
		int fd = atoi(arg);
		struct stat st;
		if (fstat(fd, &st) != 0 || (size_t)st.st_size < sizeof(struct cj_wire_header))
			return 10;
		struct cj_wire_header *h =
		        mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
		if (h == MAP_FAILED || h->magic != CJ_WIRE_MAGIC)
			return 11;
		h->mapped = CJ_WIRE_MAPPED;
		h->ready_s = 1.0;
		for (int i = 0; i < 60 && __atomic_load_n(&h->go, __ATOMIC_ACQUIRE) == 0; ++i) {
			struct timespec second = {1, 0};
			syscall(SYS_futex, &h->go, FUTEX_WAIT, 0, &second, NULL, 0);
		}
		if (!h->go)
			return 12;
		printf("GO %u CASES %u\n", h->go, h->ncases);
		return 0;
	} else if (!strcmp(mode, "jail")) {
		struct stat st;
		bool got = stat(arg, &st) == 0;
		printf("chmod %s\n", got && chmod(arg, st.st_mode & 07777) == 0 ? "yes" : "no");
		printf("utime %s\n", got && utimensat(AT_FDCWD, arg, NULL, 0) == 0 ? "yes" : "no");
		printf("xattr %s\n", setxattr(arg, "user.cj", "1", 1, 0) == 0 ? "yes" : "no");
		printf("signal-parent %s\n", kill(getppid(), 0) == 0 ? "yes" : "no");
		int sock = socket(AF_INET, SOCK_DGRAM, 0);
		printf("socket %s\n", sock >= 0 ? "yes" : "no");
		int mfd = memfd_create("cj", 0);
		printf("memfd %s\n", mfd >= 0 ? "yes" : "no");
		int tty = open("/dev/tty", O_WRONLY | O_NOCTTY);
		printf("tty %s\n", tty >= 0 || errno == ENXIO ? "yes" : "no");
		int shm = open("/dev/shm/cj-supervise-jail", O_CREAT | O_WRONLY, 0600);
		printf("shm %s\n", shm >= 0 ? "yes" : "no");
		if (shm >= 0)
			unlink("/dev/shm/cj-supervise-jail");
		return 0;
	} else if (!strcmp(mode, "report_pid_hang")) {
		char buf[32];
		int n = snprintf(buf, sizeof buf, "%d\n", (int)getpid());
		write_all(atoi(arg), buf, (size_t)n);
		sleep_forever();
	}
	fprintf(stderr, "fake_child: unknown mode '%s'\n", mode);
	return 64;
}
