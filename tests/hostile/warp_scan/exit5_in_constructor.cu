// expect-emu: CE
// expect-jail: RE
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: _exit(5) from a static constructor, before the runtime starts:
// 5 is the exit status the runtime uses for "no usable CUDA device", which
// the judge reports as its own failure (JE, "not your code's fault").
// Stopped by: on the emulator no device is needed, so status 5 is the
// learner's: RE. On the GPU the trusted runner (the learner's host code is
// never run) is what makes it RE.

#include <unistd.h>

static int leave(void)
{
	_exit(5);
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
