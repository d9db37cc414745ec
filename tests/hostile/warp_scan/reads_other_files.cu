// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: reads the reference solution's source and the catalog at the
// repository's root (in a grade run: another student's folder, the policy).
// Stopped by: Landlock lets the program read only the system's folders, the
// build folder and its scratch folder (docs/security.md), so both opens fail
// and this gets what its missing scan deserves: WA (RE if a read works).

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

static int attack(void)
{
	char build[PATH_MAX], root[PATH_MAX], path[PATH_MAX];
	judge_paths(build, root);
	const char *const names[] = {"reference/warp_scan.cu", "problems.yaml"};
	for (int i = 0; i < 2; ++i) {
		snprintf(path, sizeof path, "%s/%s", root, names[i]);
		FILE *f = fopen(path, "r");
		if (f)
			succeeded(names[i]);
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
