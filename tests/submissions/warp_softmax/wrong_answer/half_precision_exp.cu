// WA: exp is taken in float16 (hexp on __half): about 3 decimal digits, far outside the 5e-5 tolerance.
#include <cuda_fp16.h>

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float mx = -INFINITY;
	for (int j = lane; j < len; j += 32)
		mx = fmaxf(mx, x[j]);
	for (int m = 16; m > 0; m /= 2)
		mx = fmaxf(mx, __shfl_xor_sync(0xffffffff, mx, m));
	float sum = 0.0f;
	for (int j = lane; j < len; j += 32)
		sum += __half2float(hexp(__float2half(x[j] - mx)));
	for (int m = 16; m > 0; m /= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, m);
	for (int j = lane; j < len; j += 32)
		y[j] = __half2float(hexp(__float2half(x[j] - mx))) / sum;
}
