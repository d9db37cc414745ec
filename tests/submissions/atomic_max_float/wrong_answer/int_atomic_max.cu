// WA: atomicMax on the raw bits orders negative floats backwards (as ints, -2.0f > -1.0f).
// report-says: negative floats order backwards
__device__ float atomicMaxFloat(float *addr, float val)
{
	return __int_as_float(atomicMax((int *)addr, __float_as_int(val)));
}
