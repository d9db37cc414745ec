// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: sets the times of build/cudajudge and of the repository's
// problems.yaml back to 1970 (utimensat), so that a build tool would think
// them stale, or to hide that they changed.
// Stopped by: seccomp in the jail: utime, utimes and utimensat fail. WA.

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
#include <sys/stat.h>

static int attack(void)
{
	char build[PATH_MAX], root[PATH_MAX], path[PATH_MAX];
	judge_paths(build, root);
	snprintf(path, sizeof path, "%s/cudajudge", build);
	struct stat st;
	if (stat(path, &st) != 0)
		return 0;
	struct timespec old[2] = {st.st_atim, st.st_mtim}, zero[2] = {{0, 0}, {0, 0}};
	if (utimensat(AT_FDCWD, path, zero, 0) == 0) {
		utimensat(AT_FDCWD, path, old, 0);
		succeeded("utimensat on build/cudajudge");
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
