// AC: shuffles within warps, one slot per warp, warp 0 combines the live slots and broadcasts via shared.
__device__ float warp_max(float v)
{
	for (int d = 16; d > 0; d /= 2)
		v = fmaxf(v, __shfl_down_sync(0xffffffff, v, d));
	return v;
}

__device__ float warp_sum(float v)
{
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_down_sync(0xffffffff, v, d);
	return v;
}

__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float slot[32];
	__shared__ float result;
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;

	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	m = warp_max(m);
	if (lane == 0)
		slot[warp] = m;
	__syncthreads();
	if (warp == 0) {
		m = warp_max(lane < nwarps ? slot[lane] : -INFINITY);
		if (lane == 0)
			result = m;
	}
	__syncthreads();
	m = result;
	__syncthreads(); /* everyone has read result and slot before they are reused */

	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	s = warp_sum(s);
	if (lane == 0)
		slot[warp] = s;
	__syncthreads();
	if (warp == 0) {
		s = warp_sum(lane < nwarps ? slot[lane] : 0.0f);
		if (lane == 0)
			result = s;
	}
	__syncthreads();
	s = result;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - m) / s;
	__syncthreads(); /* the next row's call must not overwrite result before all read it */
}
