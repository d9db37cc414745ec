/*
 * block_reduce_sum: the sum of one float per thread over a whole block.
 *
 * Every thread of the block calls block_reduce_sum with its own v; thread 0
 * must return the sum over all blockDim.x threads (a multiple of 32, at most
 * 1024). A kernel may call it twice in a row, so leave shared memory ready for
 * the next call.
 *
 * Judge it with: python3 judge.py block_reduce_sum
 */
__device__ float block_reduce_sum(float v)
{
	// TODO: reduce within each warp, then across the warps of the block.
	return v;
}
