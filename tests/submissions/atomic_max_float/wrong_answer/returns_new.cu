// WA: updates the slot correctly but returns the new maximum instead of the value it replaced.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	while (__int_as_float(old) < val) {
		int assumed = old;
		old = atomicCAS(p, assumed, __float_as_int(val));
		if (old == assumed)
			break;
	}
	return fmaxf(__int_as_float(old), val);
}
