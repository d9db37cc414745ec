// RE (emulator): peeks at addr[1], one float past the last slot: an out-of-bounds read.
// expect-gpu: AC
// On a GPU the read lands in memory the judge owns and its value is never used, so the answer
// is right; the emulator ends every buffer at an inaccessible page and reports the read.
__device__ float atomicMaxFloat(float *addr, float val)
{
	float next = addr[1]; /* "prefetch the neighbour" */
	if (next != next)     /* never true: the value is only looked at */
		val = next;
	int *word = (int *)addr;
	int old = *word;
	while (__int_as_float(old) < val) {
		int seen = atomicCAS(word, old, __float_as_int(val));
		if (seen == old)
			break;
		old = seen;
	}
	return __int_as_float(old);
}
