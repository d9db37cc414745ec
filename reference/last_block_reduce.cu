/*
 * Reference for last_block_reduce: publish the block's partial, fence, take a
 * ticket; the block that draws the last ticket fences again (so it sees every
 * partial whose ticket came before its own), adds the partials and resets the
 * counter for the next launch. The adding is one thread's work, so it keeps
 * eight loads in flight (eight running sums, float4 loads from L2 where the
 * partials are 16-byte aligned) instead of waiting for each partial in turn.
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
	const unsigned n = gridDim.x;
	float s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	unsigned b = 0;
	if (((unsigned long long)partials & 15) == 0) {
		const float4 *p4 = (const float4 *)partials;
		for (; b + 32 <= n; b += 32) {
#pragma unroll
			for (int k = 0; k < 8; ++k) {
				float4 v = __ldcg(p4 + b / 4 + k);
				s[k] += (v.x + v.y) + (v.z + v.w);
			}
		}
	}
	for (; b < n; ++b)
		s[b % 8] += __ldcg(partials + b);
	*total = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
	atomicExch(arrived, 0u); /* ready for the next launch */
}
