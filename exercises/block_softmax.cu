/*
 * block_softmax: the softmax of one (long) row, computed by a whole block.
 *
 * Every thread of the block calls block_softmax_row with the same row x of
 * len elements (len >= 1) and the block must fill y with
 *     y[j] = exp(x[j] - max) / sum over k of exp(x[k] - max).
 * blockDim.x is a multiple of 32, at most 1024. A block may be given several
 * rows in a row, one call each.
 *
 * Judge it with: python3 judge.py block_softmax
 */
__device__ void block_softmax_row(const float *x, float *y, int len)
{
	// TODO: the row's max and sum across the whole block, then write y.
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j]);
}
