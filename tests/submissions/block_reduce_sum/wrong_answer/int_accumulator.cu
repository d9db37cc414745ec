// report-says: accumulated in an int
// WA: partial sums are kept in int, so every fractional part of the float inputs is truncated away.
__device__ int warp_sum_int(int v)
{
	for (int offset = 16; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__device__ float block_reduce_sum(float v)
{
	__shared__ int partial[32];
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;

	int s = warp_sum_int((int)v);
	if (lane == 0)
		partial[warp] = s;
	__syncthreads();
	if (warp == 0)
		s = warp_sum_int(lane < blockDim.x / 32 ? partial[lane] : 0);
	__syncthreads();
	return (float)s;
}
