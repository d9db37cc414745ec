// RE: the store loop covers whole rounds of blockDim.x without `j < len`, writing past the last row's end.
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float max_slot[32], sum_slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	if (lane == 0)
		max_slot[warp] = m;
	__syncthreads();
	m = lane < nwarps ? max_slot[lane] : -INFINITY;
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	if (lane == 0)
		sum_slot[warp] = s;
	__syncthreads();
	s = lane < nwarps ? sum_slot[lane] : 0.0f;
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	int rounds = (len + blockDim.x - 1) / blockDim.x;
	for (int r = 0; r < rounds; ++r) {
		int j = threadIdx.x + r * blockDim.x;
		y[j] = j < len ? expf(x[j] - m) / s : 0.0f; /* the store itself is unguarded */
	}
}
