/* Mistake: returns the value after this thread's update, not before it. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int seen = *word, assumed;
	do {
		assumed = seen;
		seen = atomicCAS(word, assumed, __float_as_uint(__uint_as_float(assumed) + val));
	} while (seen != assumed);
	return __uint_as_float(seen) + val;
}
