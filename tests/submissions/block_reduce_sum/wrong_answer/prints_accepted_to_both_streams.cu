// report-says: thread 0 returned its own value
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
