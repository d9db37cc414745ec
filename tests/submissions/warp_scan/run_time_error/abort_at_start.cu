// Hostile: abort() from a static initialiser, so the program dies by SIGABRT
// before it reads a case (and leaves no core file behind).
// Stopped by: the supervisor reports the signal (RLIMIT_CORE is 0). RE.
#include <stdlib.h>

static int die_now(void)
{
	abort();
}
static int died = die_now();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
