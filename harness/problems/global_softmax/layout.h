/*
 * The parameter layout of global_softmax: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_GLOBAL_SOFTMAX_H
#define CJ_LAYOUT_GLOBAL_SOFTMAX_H

/* param[] */
enum {
	CJ_P_N,      /* elements, >= 1 */
	CJ_P_BLOCK,  /* blockDim.x: a multiple of 32, at most 1024 */
	CJ_P_BLOCKS, /* slices (and blocks of each kernel) */
	CJ_P_SLICE,  /* elements per slice, a multiple of 4 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, n */
	CJ_B_Y, /* float, n */
	/* float, 2 * blocks: parts[2b] the max and parts[2b + 1] the sum of exp(x - max) over slice
	 * b, as kernel 1 left them */
	CJ_B_PARTS,
};

#endif
