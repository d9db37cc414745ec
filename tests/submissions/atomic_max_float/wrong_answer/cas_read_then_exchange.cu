// WA: the read and the store are each atomic, but they are two operations: a compare-and-swap
// that swaps nothing reads the slot, and atomicExch stores the larger value. Between them another
// thread may store a larger one still, which the exchange then writes over. A GPU shows it under
// contention; so does the emulator, whose threads give way at atomics.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = atomicCAS(p, 0x7fffffff, 0x7fffffff); /* "an atomic read": a NaN nobody stores */
	if (val > __int_as_float(old))
		atomicExch(addr, val);
	return __int_as_float(old);
}
