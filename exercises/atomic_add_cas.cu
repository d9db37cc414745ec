/*
 * atomic_add_cas: atomically *addr += val for floats, built on atomicCAS, and
 * return the value *addr held just before this thread's update.
 *
 * Many threads call it on the same address at once; no update may be lost.
 *
 * Judge it with: python3 judge.py atomic_add_cas
 */
__device__ float atomicAddCAS(float *addr, float val)
{
	// TODO: read, compute, and retry atomicCAS until no other thread got in
	// between. This version loses updates when threads collide.
	float old = *addr;
	*addr = old + val;
	return old;
}
