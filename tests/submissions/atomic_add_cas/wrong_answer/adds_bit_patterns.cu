/* Mistake: atomicAdd on the bit patterns; integer addition of two floats'
 * bits is not the bits of their sum. */
__device__ float atomicAddCAS(float *addr, float val)
{
	int old = atomicAdd((int *)addr, __float_as_int(val));
	return __int_as_float(old);
}
