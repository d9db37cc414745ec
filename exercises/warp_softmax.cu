/*
 * warp_softmax: the softmax of one row, computed by the 32 lanes of a warp.
 *
 * All 32 lanes call warp_softmax_row with the same row x of len elements
 * (len >= 1, any length) and must fill y with
 *     y[j] = exp(x[j] - max) / sum over k of exp(x[k] - max)
 * where max is the largest x[k] of the row. Lanes share the work: lane l
 * takes elements l, l + 32, l + 64, ...
 *
 * Judge it with: python3 judge.py warp_softmax
 */
__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	// TODO: the row's max and sum with warp shuffles, then write y.
	int lane = threadIdx.x % 32;
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j]);
}
