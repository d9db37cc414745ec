// AC: three passes over the row (max, sum, write), each lane striding by 32, butterfly shuffles.
__device__ float all_max(float v)
{
	for (int m = 16; m > 0; m /= 2)
		v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, m));
	return v;
}

__device__ float all_sum(float v)
{
	for (int m = 16; m > 0; m /= 2)
		v += __shfl_xor_sync(0xffffffff, v, m);
	return v;
}

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float mx = -INFINITY;
	for (int j = lane; j < len; j += 32)
		mx = fmaxf(mx, x[j]);
	mx = all_max(mx);
	float sum = 0.0f;
	for (int j = lane; j < len; j += 32)
		sum += expf(x[j] - mx);
	sum = all_sum(sum);
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j] - mx) / sum;
}
