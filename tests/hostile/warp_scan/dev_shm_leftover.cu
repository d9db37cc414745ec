// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: leaves 8 MiB in /dev/shm (memory that outlives the run and that
// no limit counts), by a file and by shm_open.
// Stopped by: the jail's /dev has no shm and is read-only; without the
// mount namespace Landlock refuses to create files there. WA. The hostile
// runner also checks that nothing new is left in /dev/shm.

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
#include <sys/mman.h>

static int attack(void)
{
	int fd = open("/dev/shm/cudajudge-hostile-leftover", O_CREAT | O_RDWR, 0600);
	if (fd < 0)
		fd = shm_open("/cudajudge-hostile-leftover2", O_CREAT | O_RDWR, 0600);
	if (fd >= 0) {
		static char block[1 << 20];
		memset(block, 1, sizeof block);
		for (int i = 0; i < 8; ++i)
			if (write(fd, block, sizeof block) < 0)
				break;
		succeeded("a file in /dev/shm"); /* and leaves it there */
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
