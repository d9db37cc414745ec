// Hostile: a correct softmax that then reuses its input row as scratch space
// (casting away const and zeroing x), which is invisible in the outputs: on
// its own every output would be right, and later timed repetitions would
// start from altered data.
// Stopped by: after each launch the runtime copies every input buffer back
// and compares it with what the engine sent; a changed input fails the case
// ("the code wrote into the input buffer 'x'"). RE.
__device__ static float lanes_max(float v)
{
	for (int m = 16; m > 0; m >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
	return v;
}

__device__ static float lanes_sum(float v)
{
	for (int m = 16; m > 0; m >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	return v;
}

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x & 31;
	float top = -INFINITY;
	for (int j = lane; j < len; j += 32)
		top = fmaxf(top, x[j]);
	top = lanes_max(top);
	float total = 0.0f;
	for (int j = lane; j < len; j += 32)
		total += expf(x[j] - top);
	total = lanes_sum(total);
	float *scratch = (float *)x;
	for (int j = lane; j < len; j += 32) {
		y[j] = expf(x[j] - top) / total;
		scratch[j] = 0.0f; /* only this lane reads x[j] from here on */
	}
}
