/*
 * The parameter layout of grid_sync: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_GRID_SYNC_H
#define CJ_LAYOUT_GRID_SYNC_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_STEPS,  /* steps of blur_steps */
	CJ_P_BLOCK,  /* blockDim.x */
	CJ_P_BLOCKS, /* blocks wanted (at most; fewer when fewer fit) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_A, /* float, n, in-out: the input, then the result */
	CJ_B_B, /* float, n, scratch */
};

#endif
