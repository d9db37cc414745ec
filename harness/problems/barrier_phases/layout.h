/*
 * The parameter layout of barrier_phases: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_BARRIER_PHASES_H
#define CJ_LAYOUT_BARRIER_PHASES_H

/* param[] */
enum {
	CJ_P_N,     /* elements, a multiple of block */
	CJ_P_BLOCK, /* blockDim.x */
	CJ_P_STEPS, /* smoothing steps of smooth_in_place */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* float, n */
	CJ_B_OUT, /* float, n */
};

#endif
