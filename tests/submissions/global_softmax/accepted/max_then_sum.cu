// AC: partial takes the slice's max, then a second pass sums exp(x - max); apply merges parts, rescaling.
__device__ float block_max(float v)
{
	__shared__ float slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	for (int d = 16; d > 0; d /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, d));
	if (lane == 0)
		slot[warp] = v;
	__syncthreads();
	v = lane < nwarps ? slot[lane] : -INFINITY;
	for (int d = 16; d > 0; d /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, d));
	__syncthreads();
	return v;
}

__device__ float block_sum(float v)
{
	__shared__ float slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_xor_sync(0xffffffff, v, d);
	if (lane == 0)
		slot[warp] = v;
	__syncthreads();
	v = lane < nwarps ? slot[lane] : 0.0f;
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_xor_sync(0xffffffff, v, d);
	__syncthreads();
	return v;
}

__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	float m = -INFINITY;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		m = fmaxf(m, x[i]);
	m = block_max(m);
	float s = 0.0f;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		s += expf(x[i] - m);
	return make_float2(m, block_sum(s));
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	float m = -INFINITY;
	for (int k = threadIdx.x; k < nparts; k += blockDim.x)
		m = fmaxf(m, parts[k].x);
	m = block_max(m);
	float s = 0.0f;
	for (int k = threadIdx.x; k < nparts; k += blockDim.x)
		s += parts[k].y * expf(parts[k].x - m);
	s = block_sum(s);
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - m) / s;
}
