// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: opens the judge's memory through /proc/PID/mem and its
// environment, to copy the expected outputs it holds.
// Stopped by: the engine makes itself non-dumpable (prctl), so no process
// without CAP_SYS_PTRACE may open them, and the jail has no capabilities.
// WA.

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

#include <fcntl.h>

static int attack(void)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/mem", (int)getppid());
	int fd = open(path, O_RDONLY);
	if (fd >= 0)
		succeeded("opened the judge's memory");
	snprintf(path, sizeof path, "/proc/%d/environ", (int)getppid());
	fd = open(path, O_RDONLY);
	char c;
	if (fd >= 0 && read(fd, &c, 1) == 1)
		succeeded("read the judge's environment");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
