// WA: one atomicCAS whose failure is ignored: when another thread raised the slot between this
// thread's read and its swap, the swap fails and this thread's value is silently dropped, so the
// slot can end below the maximum. A GPU shows it under contention; so does the emulator, whose
// threads give way at atomics.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	if (__int_as_float(old) < val)
		atomicCAS(p, old, __float_as_int(val));
	return __int_as_float(old);
}
