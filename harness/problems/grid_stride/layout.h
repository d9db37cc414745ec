/*
 * The parameter layout of grid_stride: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_GRID_STRIDE_H
#define CJ_LAYOUT_GRID_STRIDE_H

/* param[] */
enum {
	CJ_P_N,     /* elements of x and y */
	CJ_P_GRID,  /* gridDim.x */
	CJ_P_BLOCK, /* blockDim.x */
	CJ_P_A,     /* the scale factor, as the bits of a float */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, n, in */
	CJ_B_Y, /* float, n, in-out */
};

#endif
