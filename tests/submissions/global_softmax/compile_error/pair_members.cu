// CE: float2's members are .x and .y, not .first and .second: line 16 does not compile.
__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	float m = -INFINITY;
	for (long long i = begin; i < end; ++i)
		m = fmaxf(m, x[i]);
	float s = 0.0f;
	for (long long i = begin; i < end; ++i)
		s += expf(x[i] - m);
	return make_float2(m, s);
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	float m = parts[0].first, s = parts[0].second;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - m) / s;
}
