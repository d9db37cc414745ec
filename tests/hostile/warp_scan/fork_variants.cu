// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: tries every way to start another process: vfork, a raw
// clone(SIGCHLD), posix_spawn and system(). A child, were one made, ends at
// once.
// Stopped by: seccomp (fork, vfork, clone without CLONE_THREAD fail; clone3
// is ENOSYS so glibc falls back to clone). WA.

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

#include <spawn.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <signal.h>

extern char **environ;

static int attack(void)
{
	long pid = syscall(SYS_clone, SIGCHLD, 0, 0, 0, 0);
	if (pid == 0)
		_exit(0);
	if (pid > 0)
		succeeded("clone(SIGCHLD)");
	pid_t child;
	char *argv[] = {(char *)"/bin/true", NULL};
	if (posix_spawn(&child, "/bin/true", NULL, NULL, argv, environ) == 0)
		succeeded("posix_spawn");
	if (system("true") == 0)
		succeeded("system()");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
