/*
 * The parameter layout of shared_reduce: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_SHARED_REDUCE_H
#define CJ_LAYOUT_SHARED_REDUCE_H

/* param[] */
enum {
	CJ_P_N,     /* elements of x */
	CJ_P_BLOCK, /* blockDim.x, a power of two from 32 to 1024 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,    /* int, n */
	CJ_B_SUMS, /* int, one per block */
};

#endif
