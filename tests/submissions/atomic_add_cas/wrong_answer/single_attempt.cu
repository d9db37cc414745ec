/* Mistake: one atomicCAS and no retry: when another thread changed the word
 * first, this thread's update is silently dropped. A GPU loses updates under
 * contention; so does the emulator, whose threads give way at atomics. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int assumed = *word;
	unsigned int desired = __float_as_uint(__uint_as_float(assumed) + val);
	unsigned int seen = atomicCAS(word, assumed, desired);
	return __uint_as_float(seen);
}
