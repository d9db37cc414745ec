// CE: atomicCAS has no float overload, so passing the float* straight in fails on line 7.
__device__ float atomicMaxFloat(float *addr, float val)
{
	float old = *addr;
	while (old < val) {
		float assumed = old;
		old = atomicCAS(addr, assumed, val);
		if (old == assumed)
			break;
	}
	return old;
}
