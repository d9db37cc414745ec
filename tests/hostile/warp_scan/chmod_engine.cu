// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: a static initialiser takes every permission off build/cudajudge
// and problems.yaml (chmod), which would break every later judgement.
// Stopped by: seccomp in the jail (supervise.c): chmod, fchmod and fchmodat
// fail with EPERM (Landlock does not cover permissions). The scan is left
// out: WA. Were it to succeed, the modes are put back and it aborts (RE).

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

#include <sys/stat.h>

static int attack(void)
{
	char build[PATH_MAX], root[PATH_MAX], path[PATH_MAX];
	judge_paths(build, root);
	const char *names[] = {"%s/cudajudge", "%s/../problems.yaml"};
	for (int i = 0; i < 2; ++i) {
		snprintf(path, sizeof path, names[i], build);
		struct stat st;
		if (stat(path, &st) != 0)
			continue;
		if (chmod(path, 0) == 0) {
			chmod(path, st.st_mode & 07777);
			succeeded(path);
		}
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
