/*
 * Reference for last_block_reduce: publish the block's partial, fence, take a
 * ticket; the block that draws the last ticket fences again (so it sees every
 * partial whose ticket came before its own), adds the partials in block order
 * and resets the counter for the next launch.
 */
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	__threadfence(); /* the partial is visible before the ticket is taken */
	unsigned ticket = atomicAdd(arrived, 1u);
	if (ticket != gridDim.x - 1)
		return;
	__threadfence(); /* every earlier block's partial is visible from here */
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
	atomicExch(arrived, 0u); /* ready for the next launch */
}
