// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: creates files in /tmp, in the repository's root, in build/ and
// in the home folder (a cache another run might read, or a planted file).
// Stopped by: Landlock (writes only in the scratch folder). WA; the hostile
// runner also checks that nothing new appears in /tmp.

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
	char build[PATH_MAX], root[PATH_MAX], path[PATH_MAX];
	judge_paths(build, root);
	const char *home = getenv("HOME");
	const char *dirs[] = {"/tmp", root, build, home ? home : "/root", "/var/tmp"};
	for (int i = 0; i < 5; ++i) {
		snprintf(path, sizeof path, "%s/cudajudge-hostile-planted", dirs[i]);
		int fd = open(path, O_CREAT | O_WRONLY | O_EXCL, 0644);
		if (fd >= 0)
			succeeded(path); /* and leaves it */
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
