// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
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
