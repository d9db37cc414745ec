/*
 * The parameter layout of warp_softmax: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_SOFTMAX_H
#define CJ_LAYOUT_WARP_SOFTMAX_H

/* param[] */
enum {
	CJ_P_ROWS,  /* rows of the matrix */
	CJ_P_LEN,   /* elements per row, >= 1 */
	CJ_P_BLOCK, /* blockDim.x, a multiple of 32 */
	CJ_P_RPW,   /* rows per warp, >= 1 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, rows * len */
	CJ_B_Y, /* float, rows * len */
};

#endif
