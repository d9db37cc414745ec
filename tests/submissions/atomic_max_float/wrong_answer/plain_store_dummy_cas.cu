// expect-emu: RACE (the race detector sees the plain stores of two threads)
// WA: the update is a plain read-compare-write; the atomicCAS after it swaps the value with
// itself and protects nothing. Between the read and the store other threads raise the slot, and
// the store puts a smaller value back over theirs.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = atomicCAS(p, 0, 0); /* "an atomic read": swaps 0 for 0 */
	if (val > __int_as_float(old))
		*addr = val;
	atomicCAS(p, __float_as_int(val), __float_as_int(val));
	return __int_as_float(old);
}
