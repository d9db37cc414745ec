// WA: exp(x) / sum exp(x) without the max: overflow above ~88 and underflow below ~-103 spoil whole rows.
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j]);
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	if (lane == 0)
		slot[warp] = s;
	__syncthreads();
	s = lane < nwarps ? slot[lane] : 0.0f;
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j]) / s;
	__syncthreads();
}
