/*
 * The parameter layout of warp_allreduce: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_ALLREDUCE_H
#define CJ_LAYOUT_WARP_ALLREDUCE_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_BLOCK,  /* blockDim.x, a multiple of 32 */
	CJ_P_PASSES, /* 1 or 2 calls of each function per run */
	CJ_P_CHUNKS, /* runs of 32 per warp, 1..CJ_ALLRED_MAX_CHUNKS */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,    /* float, n */
	CJ_B_SUMS, /* float, n */
	CJ_B_MAXS, /* float, n */
};

/* the most runs a warp loads before it starts (the glue's registers per lane) */
#define CJ_ALLRED_MAX_CHUNKS 8

#endif
