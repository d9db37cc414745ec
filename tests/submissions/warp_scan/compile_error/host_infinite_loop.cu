// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: spins forever on the host, in a static initialiser, before the
// test program reads its first case.
// Stopped by: the wall-clock limit (and the CPU-time limit behind it): the
// supervisor kills the whole process group. TLE.
static int spin(void)
{
	for (volatile unsigned long i = 0;; ++i) {
	}
	return 0;
}
static int spun = spin();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
