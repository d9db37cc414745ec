// WA: the widely copied sign trick, testing the sign on the float value: -0.0 >= 0 is true, so
// -0.0 takes the integer atomicMax branch, where its bits (INT_MIN) lose to every negative float:
// an address that holds only negative values is never raised to -0.0. (It also breaks the
// exercise's atomicCAS rule; the wrong output is said first.)
// report-says: -0.0 >= 0 is true
__device__ float atomicMaxFloat(float *addr, float val)
{
	return val >= 0 ? __int_as_float(atomicMax((int *)addr, __float_as_int(val)))
	                : __uint_as_float(atomicMin((unsigned int *)addr, __float_as_uint(val)));
}
