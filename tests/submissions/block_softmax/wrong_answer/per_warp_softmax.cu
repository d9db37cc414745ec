// WA: max and sum are reduced within each warp only, so with more than one warp each normalises its own part.
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - m) / s;
}
