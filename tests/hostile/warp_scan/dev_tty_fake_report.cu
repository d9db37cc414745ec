// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: writes a fake "AC accepted" report straight to the terminal
// (/dev/tty) and the console, past the judge's capture of its output.
// Stopped by: the jail's own /dev (mount namespace: no tty, no console)
// and Landlock (only null, zero, full and the GPU's nodes are writable).
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
	const char *nodes[] = {"/dev/tty", "/dev/console", "/dev/kmsg", "/dev/tty0", "/dev/pts/0"};
	for (int i = 0; i < 5; ++i) {
		int fd = open(nodes[i], O_WRONLY | O_NOCTTY);
		if (fd >= 0)
			succeeded(nodes[i]); /* writes nothing there */
	}
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
