/*
 * The parameter layout of cg_reduce: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_CG_REDUCE_H
#define CJ_LAYOUT_CG_REDUCE_H

/* param[] */
enum {
	CJ_P_N,     /* elements of x (and of y) */
	CJ_P_BLOCK, /* T, the threads of a block: a multiple of 32, at most 1024 */
	CJ_P_BX,    /* blockDim.x */
	CJ_P_BY,    /* blockDim.y */
	CJ_P_BZ,    /* blockDim.z */
	CJ_P_ITEMS, /* elements per thread before the block reduction */
	CJ_P_CALLS, /* 1 or 2 calls per kernel */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, n */
	CJ_B_Y, /* float, n, or 1 when calls == 1 */
	/* float, blocks * calls * T: sums[(b * calls + k) * T + r] is what rank r of block b got
	 * from call k */
	CJ_B_SUMS,
};

#endif
