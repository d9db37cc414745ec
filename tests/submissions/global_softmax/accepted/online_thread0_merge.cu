// AC: one-pass online (max, sum) per thread, merged through shared memory by thread 0 serially.
__device__ void merge(float &m, float &s, float m2, float s2)
{
	float mm = fmaxf(m, m2);
	if (mm == -INFINITY)
		return;
	s = s * expf(m - mm) + s2 * expf(m2 - mm);
	m = mm;
}

/* Every thread gets the block's merged pair. */
__device__ float2 block_merge(float m, float s)
{
	__shared__ float ms[1024], ss[1024];
	__shared__ float2 result;
	ms[threadIdx.x] = m;
	ss[threadIdx.x] = s;
	__syncthreads();
	if (threadIdx.x == 0) {
		for (int t = 1; t < blockDim.x; ++t)
			merge(m, s, ms[t], ss[t]);
		result = make_float2(m, s);
	}
	__syncthreads();
	float2 r = result;
	__syncthreads();
	return r;
}

__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	float m = -INFINITY, s = 0.0f;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		merge(m, s, x[i], 1.0f);
	return block_merge(m, s);
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	float m = -INFINITY, s = 0.0f;
	for (int k = threadIdx.x; k < nparts; k += blockDim.x)
		merge(m, s, parts[k].x, parts[k].y);
	float2 all = block_merge(m, s);
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - all.x) / all.y;
}
