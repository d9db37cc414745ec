/*
 * global_softmax: the softmax of one whole vector, too long for one block.
 *
 * A partial is a pair (max, sum of exp(x - max)) over part of the vector.
 *
 * global_softmax_partial: every thread of a block calls it with the block's
 * slice [begin, end); thread 0 must return the slice's partial as
 * make_float2(max, sum).
 *
 * global_softmax_apply: called in a second kernel, every thread of a block
 * with its slice and the partials of all nparts slices: combine them into the
 * whole vector's max M and sum S, then write y[i] = exp(x[i] - M) / S for
 * every i of the slice.
 *
 * Judge it with: python3 judge.py global_softmax
 */
__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	// TODO: the slice's max and sum of exp(x - max), combined across the block.
	return make_float2(x[begin], 1.0f);
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	// TODO: merge all the partials, then write y for this slice.
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - parts[0].x) / parts[0].y;
}
