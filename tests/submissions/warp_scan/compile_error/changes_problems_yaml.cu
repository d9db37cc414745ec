// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: from a static initialiser, tries to rewrite problems.yaml (to turn
// the exercise's check into something easy), by opening it for writing and by
// renaming a file over it, using the repository found from its working
// directory and from its own executable's path. To stay harmless where that
// succeeds, it writes no byte and renames a copy of nothing; any success ends
// the program with abort(), turning the expected WA into RE.
// Stopped by: the catalog was read by the engine before the program started,
// and the program may create or change files only in its scratch folder
// (Landlock): every attempt fails; the scan is not computed: WA.
// (Under compute-sanitizer writes are not confined: (then: sanitize.)
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int rewrite(void)
{
	char roots[2][PATH_MAX] = {"../../..", ""};
	ssize_t n = readlink("/proc/self/exe", roots[1], sizeof roots[1] - 1);
	if (n > 0) {
		roots[1][n] = '\0';
		for (int up = 0; up < 4; ++up) {
			char *slash = strrchr(roots[1], '/');
			if (slash)
				*slash = '\0';
		}
	}
	int changed = 0;
	for (int r = 0; r < 2; ++r) {
		char yaml[PATH_MAX], fake[PATH_MAX];
		snprintf(yaml, sizeof yaml, "%s/problems.yaml", roots[r]);
		snprintf(fake, sizeof fake, "%s/problems.yaml.cudajudge-test", roots[r]);
		int fd = open(yaml, O_WRONLY | O_APPEND);
		if (fd >= 0) {
			close(fd);
			++changed;
		}
		/* Renaming a file over problems.yaml needs to create one beside it. */
		fd = open(fake, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd >= 0) {
			close(fd);
			unlink(fake);
			++changed;
		}
	}
	if (changed) {
		fprintf(stderr, "problems.yaml could be changed\n");
		abort();
	}
	return 0;
}
static int rewritten = rewrite();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
