// WA: atomicAdd returns the value before the addition (0 .. gridDim.x - 1), never gridDim.x: no
// block thinks it is the last one.
// expect-emu: WA|RACE
// From the second trial on, the counter left at gridDim.x makes the first block to arrive take
// itself for the last one: it sums partials other blocks may still be writing. Whether the
// emulator's schedule lets it read one before its block published it (RACE) or not (WA) depends
// on the seed; both are this mistake.
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	__threadfence();
	unsigned ticket = atomicAdd(arrived, 1u);
	if (ticket != gridDim.x)
		return;
	__threadfence();
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
	atomicExch(arrived, 0u);
}
