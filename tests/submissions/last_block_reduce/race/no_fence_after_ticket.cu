// RACE (emulator): the last block reads the partials right after its ticket, without a fence: the
// reads are not ordered after the other blocks' counted writes.
// expect-gpu: SKIP
// A GPU rarely shows it; the emulator reports it every time.
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	__threadfence();
	unsigned ticket = atomicAdd(arrived, 1u);
	if (ticket != gridDim.x - 1)
		return;
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
	atomicExch(arrived, 0u);
}
