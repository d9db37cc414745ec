/*
 * last_block_reduce: finish a grid-wide sum in one kernel, in whichever block
 * finishes last.
 *
 * Thread 0 of every block calls last_block_reduce with its block's partial
 * sum. partials[] has a slot per block; *arrived counts the blocks that are
 * done and is 0 when the kernel starts. The block that arrives last must add
 * up all gridDim.x partials, store the sum in *total, and leave *arrived at 0
 * for the next launch.
 *
 * Judge it with: python3 judge.py last_block_reduce
 */
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	// TODO: publish the partial, count the block in, and let the last block
	// add up the partials.
}
