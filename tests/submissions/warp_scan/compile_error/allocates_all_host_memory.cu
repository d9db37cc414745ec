// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: allocates and touches host memory in 256 MiB steps until malloc
// fails (up to 64 GiB), to push the machine into swapping or the OOM killer.
// Stopped by: the supervisor watches the program's private resident memory
// and kills it past the limit (limits.memory_mb, 4096 MiB by default). RE.
// Under the emulator every byte written is also recorded by ThreadSanitizer,
// so filling memory is slow enough that the wall-clock limit comes first: TLE.
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
