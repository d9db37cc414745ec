// WA: the loop condition is flipped (> instead of <), so this is an atomic minimum.
// report-says: direction of the comparison
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	while (__int_as_float(old) > val) {
		int assumed = old;
		old = atomicCAS(p, assumed, __float_as_int(val));
		if (old == assumed)
			break;
	}
	return __int_as_float(old);
}
