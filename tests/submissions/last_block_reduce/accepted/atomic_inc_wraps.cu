// AC: atomicInc(arrived, gridDim.x - 1) hands out 0 .. gridDim.x - 1 and wraps the counter back to
// 0 on the last block's increment: the reset comes for free.
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	__threadfence();
	if (atomicInc(arrived, gridDim.x - 1) != gridDim.x - 1)
		return;
	__threadfence();
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
}
