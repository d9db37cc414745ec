/* Mistake: the swap's result is checked, but a failed swap gives up instead of
 * trying again with the value atomicCAS returned, so this thread's value is
 * never added. A GPU loses such updates under contention; so does the
 * emulator, whose threads give way at atomics. */
__device__ float atomicAddCAS(float *addr, float val)
{
	unsigned int *word = (unsigned int *)addr;
	unsigned int assumed = *word;
	unsigned int seen = atomicCAS(word, assumed, __float_as_uint(__uint_as_float(assumed) + val));
	if (seen != assumed)
		return __uint_as_float(seen); /* lost the race: the add is dropped */
	return __uint_as_float(assumed);
}
