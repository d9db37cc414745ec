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
