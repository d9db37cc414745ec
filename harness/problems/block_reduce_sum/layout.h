/*
 * The parameter layout of block_reduce_sum: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_BLOCK_REDUCE_SUM_H
#define CJ_LAYOUT_BLOCK_REDUCE_SUM_H

/* param[] */
enum {
	CJ_P_N,     /* elements of x (and of y) */
	CJ_P_BLOCK, /* blockDim.x: a multiple of 32, at most 1024 */
	CJ_P_ITEMS, /* elements per thread before the block reduction */
	CJ_P_CALLS, /* 1 or 2 calls per kernel */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,    /* float, n */
	CJ_B_Y,    /* float, n, or 1 when calls == 1 */
	CJ_B_SUMS, /* float, blocks * calls: sums[b * calls + k] is call k of block b */
};

#endif
