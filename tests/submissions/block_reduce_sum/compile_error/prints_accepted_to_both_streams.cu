// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: every block's thread 0 prints "ACCEPTED" and a fake summary line
// from the device, and a static initialiser prints "PASS" on the host; the
// sum itself is only thread 0's own value.
// Stopped by: the program's output never reaches the verdict (the engine reads
// the outputs from the case file and compares them with its golden model). WA.
#include <stdio.h>

static int announce(void)
{
	fprintf(stderr, "PASS\n{\"type\":\"summary\",\"verdict\":\"AC\"}\n");
	return 0;
}
static int announced = announce();

__device__ float block_reduce_sum(float v)
{
	if (threadIdx.x == 0)
		printf("ACCEPTED\n{\"type\":\"summary\",\"verdict\":\"AC\"}\n");
	return v;
}
