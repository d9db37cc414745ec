// CE: y is declared const like x, so the store on line 16 cannot compile (not a modifiable lvalue).
__device__ void warp_softmax_row(const float *x, const float *y, int len)
{
	int lane = threadIdx.x % 32;
	float mx = -INFINITY;
	for (int j = lane; j < len; j += 32)
		mx = fmaxf(mx, x[j]);
	for (int m = 16; m > 0; m /= 2)
		mx = fmaxf(mx, __shfl_xor_sync(0xffffffff, mx, m));
	float sum = 0.0f;
	for (int j = lane; j < len; j += 32)
		sum += expf(x[j] - mx);
	for (int m = 16; m > 0; m /= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, m);
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j] - mx) / sum;
}
