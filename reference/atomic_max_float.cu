/*
 * Reference for atomic_max_float: a compare-and-swap loop on the float's bits.
 *
 * The comparison is done on floats, so negatives, -0/+0 and infinities order
 * correctly (as integers, negative floats would order backwards). The loop
 * stops as soon as the stored value is already >= val: no atomic is issued at
 * all then, which is what keeps heavy contention on one address cheap once the
 * maximum has been reached.
 */
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *word = (int *)addr;
	int seen = *word;

	/* -0 >= +0 and +0 >= -0 both hold, so equal values never loop. */
	while (!(__int_as_float(seen) >= val)) {
		const int before = atomicCAS(word, seen, __float_as_int(val));
		if (before == seen)
			break; /* swapped: seen is the value we replaced */
		seen = before; /* someone else changed it first: judge their value */
	}
	return __int_as_float(seen);
}
