// expect-emu: RACE (the race detector sees the plain stores of two threads; a GPU loses updates)
/* Mistake: the sum is stored with a plain store; the atomicCAS before it swaps
 * the word with itself and protects nothing. Between this thread's read and
 * its store other threads add their values, and the store writes over them. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int old = atomicCAS(word, 0u, 0u); /* "an atomic read": swaps 0 for 0 */
	*addr = __uint_as_float(old) + val;
	return __uint_as_float(old);
}
