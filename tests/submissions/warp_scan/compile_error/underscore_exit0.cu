// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: like exit(0), but with _exit(0), which skips every atexit handler
// and stdio flush the runtime might have relied on to notice.
// Stopped by: the engine needs no cooperation from the program: the cases
// are still pending in the case file when it ends. RE.
#include <unistd.h>

static int leave(void)
{
	_exit(0);
}
static int left = leave();

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
