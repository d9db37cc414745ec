/*
 * The parameter layout of transpose: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_TRANSPOSE_H
#define CJ_LAYOUT_TRANSPOSE_H

/* param[] */
enum {
	CJ_P_N,     /* rows * cols */
	CJ_P_BLOCK, /* 512 (64 x 8), for reports */
	CJ_P_ROWS,  /* rows of in */
	CJ_P_COLS,  /* columns of in */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* float, rows * cols */
	CJ_B_OUT, /* float, cols * rows */
};

#endif
