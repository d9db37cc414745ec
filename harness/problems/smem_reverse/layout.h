/*
 * The parameter layout of smem_reverse: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_SMEM_REVERSE_H
#define CJ_LAYOUT_SMEM_REVERSE_H

/* param[] */
enum {
	CJ_P_N,     /* elements */
	CJ_P_BLOCK, /* blockDim.x */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* int, n */
	CJ_B_OUT, /* int, n */
};

#endif
