// CE: a __shared__ array needs a size known at compile time; blockDim.x / 32 is not (line 4).
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float slot[blockDim.x / 32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	if (lane == 0)
		slot[warp] = m;
	__syncthreads();
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - slot[0]);
}
