// WA: exp(x) / sum exp(x) without the max: inf / inf = NaN above ~88, 0 / 0 or denormal noise below -100.
__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float sum = 0.0f;
	for (int j = lane; j < len; j += 32)
		sum += expf(x[j]);
	for (int m = 16; m > 0; m /= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, m);
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j]) / sum;
}
