// report-says: the sum of the bit patterns
/* Mistake: the CAS loop is right, but the new value adds the bit patterns as
 * integers; the bits of a sum of floats are not the sum of their bits. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int seen = *word, assumed;
	do {
		assumed = seen;
		seen = atomicCAS(word, assumed, assumed + __float_as_uint(val));
	} while (seen != assumed);
	return __uint_as_float(seen);
}
