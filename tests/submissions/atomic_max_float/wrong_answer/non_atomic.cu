// WA: plain read-compare-write; a million threads on one slot lose updates and see stale olds.
__device__ float atomicMaxFloat(float *addr, float val)
{
	float old = *addr;
	if (val > old)
		*addr = val;
	return old;
}
