// expect-emu: AC
/* Mistake: one atomicCAS and no retry: when another thread changed the word
 * first, this thread's update is silently dropped. A GPU loses updates under
 * contention; the emulator runs a thread's code without interruption, so the
 * first attempt always succeeds there and the mistake cannot show. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int assumed = *word;
	unsigned int desired = __float_as_uint(__uint_as_float(assumed) + val);
	unsigned int seen = atomicCAS(word, assumed, desired);
	return __uint_as_float(seen);
}
