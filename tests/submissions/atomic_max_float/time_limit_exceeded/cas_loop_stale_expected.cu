// TLE: the CAS loop never takes the value atomicCAS returned: it retries with the value it read
// first, so once another thread changed the slot the swap can never succeed and the thread spins
// for ever (on a GPU, and on the emulator, whose threads give way at atomics).
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	if (__int_as_float(old) >= val)
		return __int_as_float(old);
	while (atomicCAS(p, old, __float_as_int(val)) != old) {
	}
	return __int_as_float(old);
}
