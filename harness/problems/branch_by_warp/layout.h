/*
 * The parameter layout of branch_by_warp: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_BRANCH_BY_WARP_H
#define CJ_LAYOUT_BRANCH_BY_WARP_H

/* param[] */
enum {
	CJ_P_N,     /* elements */
	CJ_P_BLOCK, /* 256 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X, /* float, n */
	CJ_B_Y, /* float, n */
};

#endif
