// expect-emu: CE
// expect-jail: TLE
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: stops itself (SIGSTOP) before the cases, hoping the judge waits
// for it forever.
// Stopped by: the supervisor's wall-clock deadline kills a stopped program
// as any other: TLE, and the next judgement works.

#include <signal.h>

static int stop(void)
{
	raise(SIGSTOP);
	return 0;
}
static int stopped = stop();

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
