// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: uses root's powers (the judge often runs as root): mounts a tmpfs,
// makes a user namespace (which gives capabilities back inside it) and
// changes the time limits upwards (setrlimit).
// Stopped by: the jail drops every capability and seccomp refuses unshare
// and setns; Landlock refuses mounts. WA.

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

#include <sched.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>

static int attack(void)
{
	mkdir("mnt", 0755);
	if (mount("none", "mnt", "tmpfs", 0, NULL) == 0) {
		umount("mnt");
		succeeded("mount");
	}
	if (unshare(CLONE_NEWUSER) == 0)
		succeeded("unshare(CLONE_NEWUSER)");
	struct rlimit rl;
	if (getrlimit(RLIMIT_CPU, &rl) == 0 && rl.rlim_max != RLIM_INFINITY) {
		rl.rlim_max = RLIM_INFINITY;
		if (setrlimit(RLIMIT_CPU, &rl) == 0)
			succeeded("raised the CPU limit");
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
