// expect-emu: TLE|RE
// Hostile: allocates and touches host memory in 256 MiB steps until malloc
// fails (up to 64 GiB), to push the machine into swapping or the OOM killer.
// Stopped by: the supervisor watches the program's private resident memory
// and kills it past the limit (limits.memory_mb, 4096 MiB by default). RE.
// Under the emulator every byte written is also recorded by ThreadSanitizer,
// so filling memory is slow: on a busy machine the clock comes first (TLE), on
// a fast one the memory limit (RE). Both stop it; which depends on the speed.
#include <stdlib.h>
#include <string.h>

static int hog(void)
{
	for (int i = 0; i < 256; ++i) {
		char *p = (char *)malloc((size_t)256 << 20);
		if (!p)
			break;
		memset(p, i + 1, (size_t)256 << 20);
	}
	return 0;
}
static int hogged = hog();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
