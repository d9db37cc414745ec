/* Also correct: the same loop on int words, written as a while(true). */
__device__ float atomicAddCAS(float *addr, float val)
{
	int *word = (int *)addr;
	int old = *word;
	while (true) {
		int seen = atomicCAS(word, old, __float_as_int(__int_as_float(old) + val));
		if (seen == old)
			return __int_as_float(old);
		old = seen;
	}
}
