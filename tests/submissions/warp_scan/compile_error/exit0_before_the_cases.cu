// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: the learner's file cannot hold a kernel launcher here (the judge's
// glue launches), so it runs host code the only way it can, from a static
// initialiser, and calls exit(0) there: the test program ends "successfully"
// before a single case has run.
// Stopped by: a case passes only when the engine finds its outputs equal to
// the golden model; the engine sees the program end with every case still
// pending and reports it, whatever the exit status. RE.
#include <stdlib.h>

static int leave(void)
{
	exit(0);
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
