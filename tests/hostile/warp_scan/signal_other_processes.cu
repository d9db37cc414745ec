// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: probes whether it may signal init, every process (-1) or the
// judge through a pidfd (signal 0: nothing is sent).
// Stopped by: seccomp (kill to itself only; pidfd_send_signal refused) and
// Landlock's signal scope. WA.

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* <build>/work/<id>-<pid>/test: the build folder is three levels up. */
static void judge_paths(char *build, char *root)
{
	char exe[PATH_MAX] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	char *a = dirname(exe);
	a = dirname(a);
	a = dirname(a);
	snprintf(build, PATH_MAX, "%s", a);
	char tmp[PATH_MAX];
	snprintf(tmp, sizeof tmp, "%s", a);
	snprintf(root, PATH_MAX, "%s", dirname(tmp));
}

static void succeeded(const char *what)
{
	fprintf(stderr, "ATTACK SUCCEEDED: %s\n", what);
	abort();
}

#include <signal.h>
#include <sys/syscall.h>

static int attack(void)
{
	if (kill(1, 0) == 0)
		succeeded("may signal init");
	if (kill(-1, 0) == 0)
		succeeded("may signal every process");
	int pfd = (int)syscall(SYS_pidfd_open, getppid(), 0);
	if (pfd >= 0 && syscall(SYS_pidfd_send_signal, pfd, 0, NULL, 0) == 0)
		succeeded("pidfd_send_signal to the judge");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
