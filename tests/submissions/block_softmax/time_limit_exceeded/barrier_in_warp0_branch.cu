// TLE: only warp 0 reaches the barrier; the other warps spin on a flag set after it: deadlock (block > 32).
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float slot[32];
	__shared__ volatile float row_max;
	__shared__ volatile int published;
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;

	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
	if (lane == 0)
		slot[warp] = m;
	if (warp == 0) {
		__syncthreads(); /* wrong: the other warps never get here */
		m = lane < nwarps ? slot[lane] : -INFINITY;
		for (int d = 16; d > 0; d /= 2)
			m = fmaxf(m, __shfl_xor_sync(0xffffffff, m, d));
		if (lane == 0) {
			row_max = m;
			published = 1;
		}
	} else {
		published = 0;
		while (!published)
			;
	}
	__syncwarp();
	m = row_max;
	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - m) / s;
}
