/*
 * The parameter layout of warp_reduce: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_REDUCE_H
#define CJ_LAYOUT_WARP_REDUCE_H

/* param[] */
enum {
	CJ_P_N,     /* elements of x */
	CJ_P_BLOCK, /* blockDim.x, a multiple of 32 */
	/* 1: the sum of each run; 2: also the sum of its squares (a second call in the same kernel,
	 * on x * x) */
	CJ_P_CALLS,
	CJ_P_CHUNKS, /* runs of 32 per warp, 1..CJ_REDUCE_MAX_CHUNKS */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, n */
	/* float, runs * calls, runs = ceil(n / 32): sums[r * calls] is the sum of run r, sums[r *
	 * calls + 1] the sum of its squares */
	CJ_B_SUMS,
};

/* the most runs a warp loads before it starts (the glue's registers per lane) */
#define CJ_REDUCE_MAX_CHUNKS 8

#endif
