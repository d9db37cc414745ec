/*
 * Reference for warp_softmax: the 32 lanes share a row, lane l taking
 * elements l, l + 32, l + 64, ... Rows of up to 1024 elements are kept in
 * registers (one load of each element); longer rows are read again from
 * memory. The maximum and the sum are combined across the warp with
 * butterfly shuffles, so every lane ends with both.
 */
#define WSM_CACHED 32 /* elements per lane kept in registers: rows up to 1024 */

static __device__ __forceinline__ float warp_all_max(float v)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
	return v;
}

static __device__ __forceinline__ float warp_all_sum(float v)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	return v;
}

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	const int lane = threadIdx.x & 31;

	if (len <= 32 * WSM_CACHED) {
		float v[WSM_CACHED];
		float m = -INFINITY;
#pragma unroll
		for (int k = 0; k < WSM_CACHED; ++k) {
			const int j = lane + 32 * k;
			v[k] = j < len ? x[j] : -INFINITY;
			m = fmaxf(m, v[k]);
		}
		m = warp_all_max(m);
		float s = 0.0f;
#pragma unroll
		for (int k = 0; k < WSM_CACHED; ++k) {
			v[k] = expf(v[k] - m); /* 0 for the -INFINITY padding */
			s += v[k];
		}
		const float inv = 1.0f / warp_all_sum(s);
#pragma unroll
		for (int k = 0; k < WSM_CACHED; ++k) {
			const int j = lane + 32 * k;
			if (j < len)
				y[j] = v[k] * inv;
		}
		return;
	}

	float m = -INFINITY;
	for (int j = lane; j < len; j += 32)
		m = fmaxf(m, x[j]);
	m = warp_all_max(m);
	float s = 0.0f;
	for (int j = lane; j < len; j += 32)
		s += expf(x[j] - m);
	const float inv = 1.0f / warp_all_sum(s);
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j] - m) * inv;
}
