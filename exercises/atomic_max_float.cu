/*
 * atomic_max_float: an atomic maximum for float, built on atomicCAS.
 *
 * atomicMaxFloat must atomically set *addr = max(*addr, val) and return the
 * value *addr held just before. Values may be any finite or infinite float of
 * either sign (never NaN), and up to about a million threads may hit the same
 * address at once.
 *
 * Judge it with: python3 judge.py atomic_max_float
 */
__device__ float atomicMaxFloat(float *addr, float val)
{
	// TODO: update *addr atomically; this only reads it.
	return *addr;
}
