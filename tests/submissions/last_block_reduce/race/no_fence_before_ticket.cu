// RACE (emulator): the partial is written and the ticket taken with no fence between them, so the
// last block may count a block whose partial it cannot see yet.
// expect-gpu: SKIP
// A GPU gives a wrong total only when a partial is late, which may not happen in a run; the
// emulator sees the partial read unordered with its write.
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	unsigned ticket = atomicAdd(arrived, 1u);
	if (ticket != gridDim.x - 1)
		return;
	__threadfence();
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
	atomicExch(arrived, 0u);
}
