/*
 * block_scan: an inclusive prefix sum over all the threads of a block.
 *
 * Every thread of the block calls block_inclusive_scan with its own v
 * (blockDim.x is a multiple of 32, at most 1024). Thread t must return
 * v(thread 0) + ... + v(thread t), and every thread must store the sum over
 * the whole block into *block_total. A kernel calls it many times in a row.
 *
 * Judge it with: python3 judge.py block_scan
 */
__device__ int block_inclusive_scan(int v, int *block_total)
{
	// TODO: scan within each warp, then add the totals of the warps before.
	*block_total = v;
	return v;
}
