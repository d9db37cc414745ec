// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: from a static initialiser, tries to change the repository the
// judge runs from: exercises/, reference/, templates/ and build/ (where the
// judge keeps its cached reference binaries), found from the program's
// working directory and from the path of its own executable. To stay harmless
// where it succeeds, it only opens existing files for appending (writing no
// byte) and creates and at once removes a new file; any success ends the
// program with abort(), which turns the expected WA into RE.
// Stopped by: on the gpu and emu backends the test program runs in its own
// scratch folder under build/work/ and Landlock lets it create, change or
// remove files only there and under /dev: every attempt fails, and the scan,
// which is not computed, is WA. (Under compute-sanitizer the tool must write
// files of its own, so writes are not confined there: (then: sanitize.)
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int try_change(const char *root, const char *name, int *changed)
{
	char path[PATH_MAX];
	snprintf(path, sizeof path, "%s/%s", root, name);
	int fd = open(path, O_WRONLY | O_APPEND);
	if (fd >= 0) {
		close(fd);
		fprintf(stderr, "opened %s for writing\n", path);
		++*changed;
	}
	snprintf(path, sizeof path, "%s/%s.cudajudge-test", root, name);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0644);
	if (fd >= 0) {
		close(fd);
		unlink(path);
		fprintf(stderr, "created %s\n", path);
		++*changed;
	}
	return 0;
}

static int vandalise(void)
{
	char roots[2][PATH_MAX] = {"../../..", ""};
	/* <root>/build/work/<id>-<pid>/test: four levels up from the binary. */
	ssize_t n = readlink("/proc/self/exe", roots[1], sizeof roots[1] - 1);
	if (n > 0) {
		roots[1][n] = '\0';
		for (int up = 0; up < 4; ++up) {
			char *slash = strrchr(roots[1], '/');
			if (slash)
				*slash = '\0';
		}
	}
	static const char *const names[] = {"exercises/warp_scan.cu", "reference/warp_scan.cu",
	                                    "templates/warp_scan.cu", "build/build.ninja"};
	int changed = 0;
	for (int r = 0; r < 2; ++r)
		for (int i = 0; i < 4; ++i)
			try_change(roots[r], names[i], &changed);
	if (changed)
		abort();
	return 0;
}
static int vandalised = vandalise();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
