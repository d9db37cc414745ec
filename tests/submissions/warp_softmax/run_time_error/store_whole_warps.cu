// RE: the store loop runs over whole rounds of 32 without `j < len`, so the last row writes past y's end.
// expect-emu: RACE
// The emulator sees two threads store to the same element of y before the store past the end
// faults: it reports that race first.
__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	int rounds = (len + 31) / 32;
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
	for (int r = 0; r < rounds; ++r) {
		int j = lane + 32 * r;
		y[j] = j < len ? expf(x[j] - mx) / sum : 0.0f; /* the store itself is not guarded */
	}
}
