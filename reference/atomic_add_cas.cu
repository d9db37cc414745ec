/*
 * Reference for atomic_add_cas: the compare-and-swap loop. atomicCAS works on
 * 32-bit words, so the float travels as its bit pattern; the swap succeeded
 * exactly when the word still held what this thread based its sum on.
 * Comparing bit patterns (not floats) also ends the loop for -0.0 and NaN.
 */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int seen = *word, assumed;
	do {
		assumed = seen;
		seen = atomicCAS(word, assumed, __float_as_uint(__uint_as_float(assumed) + val));
	} while (seen != assumed);
	return __uint_as_float(seen);
}
