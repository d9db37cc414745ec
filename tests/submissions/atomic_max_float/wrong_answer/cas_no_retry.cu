// WA: the swap's result is checked, but a lost race gives up instead of trying again with the
// value atomicCAS returned: "someone else changed it" is taken for "someone else's value is
// bigger", which it need not be, so the maximum can be lost.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	if (__int_as_float(old) >= val)
		return __int_as_float(old);
	int seen = atomicCAS(p, old, __float_as_int(val));
	return __int_as_float(seen);
}
