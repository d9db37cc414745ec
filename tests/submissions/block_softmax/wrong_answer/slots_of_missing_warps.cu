// WA: warp 0 combines all 32 slots, reading the slots of warps that do not exist (never written).
// Every backend makes those slots hold something no row produces: the GPU judge fills shared
// memory with junk (about 2.9e38) before the first call, so the max and the sum take it in and
// every row comes out 0; the emulator's poison is a marked NaN, and the diagnosis names the read
// of a slot nothing wrote. Wrong in every run either way.
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float max_slot[32], sum_slot[32];
	__shared__ float row_max, row_sum;
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;

	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, __shfl_down_sync(0xffffffff, m, d));
	if (lane == 0)
		max_slot[warp] = m;
	__syncthreads();
	if (warp == 0) {
		m = max_slot[lane]; /* wrong: lanes >= blockDim.x / 32 read slots nobody wrote */
		for (int d = 16; d > 0; d /= 2)
			m = fmaxf(m, __shfl_down_sync(0xffffffff, m, d));
		if (lane == 0)
			row_max = m;
	}
	__syncthreads();
	m = row_max;

	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_down_sync(0xffffffff, s, d);
	if (lane == 0)
		sum_slot[warp] = s;
	__syncthreads();
	if (warp == 0) {
		s = sum_slot[lane]; /* the same mistake */
		for (int d = 16; d > 0; d /= 2)
			s += __shfl_down_sync(0xffffffff, s, d);
		if (lane == 0)
			row_sum = s;
	}
	__syncthreads();
	s = row_sum;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - m) / s;
	__syncthreads();
}
