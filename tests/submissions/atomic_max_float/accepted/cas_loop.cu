// AC: CAS loop on the bits, compared as floats, leaving early once the slot already holds >= val.
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
	return __int_as_float(old);
}
