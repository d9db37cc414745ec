// expect-emu: AC
/* Mistake: after a failed atomicCAS the loop retries with the value it read
 * first instead of the value atomicCAS returned, so once another thread has
 * changed the word, it can never succeed. A GPU shows it under contention; the
 * emulator runs a thread's loop without interruption, so its first try always
 * succeeds and the mistake cannot show there. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int assumed = *word;
	unsigned int desired = __float_as_uint(__uint_as_float(assumed) + val);
	while (atomicCAS(word, assumed, desired) != assumed) {
	}
	return __uint_as_float(assumed);
}
