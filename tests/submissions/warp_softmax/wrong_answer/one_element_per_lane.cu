// WA: each lane handles only element `lane`: rows longer than 32 lose the rest (never written, not summed).
__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float v = lane < len ? x[lane] : -INFINITY;
	float mx = v;
	for (int m = 16; m > 0; m /= 2)
		mx = fmaxf(mx, __shfl_xor_sync(0xffffffff, mx, m));
	float e = lane < len ? expf(v - mx) : 0.0f;
	float sum = e;
	for (int m = 16; m > 0; m /= 2)
		sum += __shfl_xor_sync(0xffffffff, sum, m);
	if (lane < len)
		y[lane] = e / sum;
}
