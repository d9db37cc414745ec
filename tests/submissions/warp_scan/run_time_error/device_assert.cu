// Hostile: a device-side assert that always fails, from every lane.
// Stopped by: on the GPU the assertion makes the launch fail with
// cudaErrorAssert, which the runtime reports for that case; on the emulator
// assert() aborts the process. RE.
#include <assert.h>

__device__ int warp_inclusive_scan(int v)
{
	assert(v != v);
	return v;
}
