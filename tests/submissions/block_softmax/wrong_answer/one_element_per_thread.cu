// WA: thread t handles only element t: rows longer than the block are neither summed nor written past it.
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float slot[32];
	int t = threadIdx.x, lane = t % 32, warp = t / 32, nwarps = blockDim.x / 32;
	float v = t < len ? x[t] : -INFINITY;
	float m = v;
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	if (lane == 0)
		slot[warp] = m;
	__syncthreads();
	m = lane < nwarps ? slot[lane] : -INFINITY;
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	__syncthreads();
	float e = t < len ? expf(v - m) : 0.0f;
	float s = e;
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	if (lane == 0)
		slot[warp] = s;
	__syncthreads();
	s = lane < nwarps ? slot[lane] : 0.0f;
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_xor_sync(0xffffffff, s, d);
	if (t < len)
		y[t] = e / s;
	__syncthreads();
}
