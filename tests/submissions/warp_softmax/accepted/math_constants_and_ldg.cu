// AC: the toolkit's <math_constants.h> for the identity of the maximum (-CUDART_INF_F), reads
// through __ldg and __restrict__ pointers, __forceinline__ butterflies, as published kernels write
// them.
#include <math_constants.h>

__device__ __forceinline__ float warp_all_max(float v)
{
	for (int m = 16; m > 0; m >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
	return v;
}

__device__ __forceinline__ float warp_all_sum(float v)
{
	for (int m = 16; m > 0; m >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	return v;
}

__device__ static void softmax_row(const float *__restrict__ x, float *__restrict__ y, int len)
{
	int lane = threadIdx.x & (warpSize - 1);
	float mx = -CUDART_INF_F;
	for (int j = lane; j < len; j += warpSize)
		mx = fmaxf(mx, __ldg(&x[j]));
	mx = warp_all_max(mx);
	float sum = 0.0f;
	for (int j = lane; j < len; j += warpSize)
		sum += expf(__ldg(&x[j]) - mx);
	sum = warp_all_sum(sum);
	float inv = 1.0f / sum;
	for (int j = lane; j < len; j += warpSize)
		y[j] = expf(__ldg(&x[j]) - mx) * inv;
}

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	softmax_row(x, y, len);
}
