// TLE: the volatile offset is re-read on every pass but never halved, so the loop never ends.
__device__ float warp_reduce_sum(float v)
{
	volatile int offset = 16;
	while (offset > 0) {
		v += __shfl_down_sync(0xffffffff, v, offset);
		/* forgot: offset /= 2; */
	}
	return v;
}
