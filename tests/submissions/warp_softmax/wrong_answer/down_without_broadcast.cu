// WA: __shfl_down_sync reductions leave the row's max and sum in lane 0 only; the other lanes use partials.
__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float mx = -INFINITY;
	for (int j = lane; j < len; j += 32)
		mx = fmaxf(mx, x[j]);
	for (int d = 16; d > 0; d /= 2)
		mx = fmaxf(mx, __shfl_down_sync(0xffffffff, mx, d));
	float sum = 0.0f;
	for (int j = lane; j < len; j += 32)
		sum += expf(x[j] - mx);
	for (int d = 16; d > 0; d /= 2)
		sum += __shfl_down_sync(0xffffffff, sum, d);
	/* missing: mx and sum broadcast from lane 0 with __shfl_sync */
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j] - mx) / sum;
}
