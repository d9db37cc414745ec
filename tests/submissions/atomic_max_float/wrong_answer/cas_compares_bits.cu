// WA: a proper atomicCAS loop, but it compares the bit patterns as ints: for negative floats the
// order is backwards (-2.0f's bits are a larger int than -1.0f's), so where every value is
// negative the address ends at the smallest one.
// report-says: negative floats order backwards as integers
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *p = (int *)addr;
	int old = *p;
	while (old < __float_as_int(val)) {
		int assumed = old;
		old = atomicCAS(p, assumed, __float_as_int(val));
		if (old == assumed)
			break;
	}
	return __int_as_float(old);
}
