// AC: the classic do/while CAS loop; it always swaps in fmaxf(old, val) and retries while beaten.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	int assumed;
	do {
		assumed = old;
		float wanted = fmaxf(__int_as_float(assumed), val);
		old = atomicCAS(p, assumed, __float_as_int(wanted));
	} while (old != assumed);
	return __int_as_float(old);
}
