// expect-emu: CE
// expect-jail: RE
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: replaces the test program with a shell (execve) that prints a
// passing report.
// Stopped by: the supervisor sees /proc/PID/exe change and kills it: RE
// (the program replaced itself with another program).

#include <unistd.h>

static int replace(void)
{
	execl("/bin/sh", "sh", "-c", "echo 'AC accepted'; sleep 5", (char *)NULL);
	return 0;
}
static int replaced = replace();

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
