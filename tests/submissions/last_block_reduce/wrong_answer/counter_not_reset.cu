// WA: the counter is never set back to 0, so in the second launch no block draws the last ticket
// and no total is written.
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	__threadfence();
	unsigned ticket = atomicAdd(arrived, 1u);
	if (ticket != gridDim.x - 1)
		return;
	__threadfence();
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
}
