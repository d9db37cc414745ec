/* Mistake: after a failed atomicCAS the loop retries with the value it read
 * first instead of the value atomicCAS returned, so once another thread has
 * changed the word, it can never succeed. A GPU shows it under contention; so
 * does the emulator, whose threads give way at atomics. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int assumed = *word;
	unsigned int desired = __float_as_uint(__uint_as_float(assumed) + val);
	while (atomicCAS(word, assumed, desired) != assumed) {
	}
	return __uint_as_float(assumed);
}
