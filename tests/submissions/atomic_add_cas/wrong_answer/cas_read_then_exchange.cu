/* Mistake: the read and the store are each atomic, but they are two
 * operations: a compare-and-swap that swaps nothing reads the word, and
 * atomicExch stores the sum. Between them other threads add their values, and
 * the exchange writes over them. A GPU loses those updates under contention;
 * so does the emulator, whose threads give way at atomics. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int old = atomicCAS(word, 0xffffffffu, 0xffffffffu); /* "an atomic read" */
	atomicExch(word, __float_as_uint(__uint_as_float(old) + val));
	return __uint_as_float(old);
}
