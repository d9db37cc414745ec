/*
 * The parameter layout of the exercises that map n floats to n floats, one
 * element a thread in the judge's own kernels (branch_by_warp,
 * stream_overlap, event_dependency). Included through each one's layout.h
 * by its cases (cases.c and common/elementwise.c) and its glue.
 */
#ifndef CJ_LAYOUT_ELEMENTWISE_H
#define CJ_LAYOUT_ELEMENTWISE_H

/* param[] */
enum {
	CJ_P_N, /* elements */
	/* 256: the blocks of the reference's mapping (branch_by_warp), of the
	 * serial baseline (stream_overlap; the learner picks its own), or of
	 * the reports (event_dependency) */
	CJ_P_BLOCK,
};

/* the buffers, in the order common/elementwise.c declares them */
enum {
	CJ_B_IN,  /* float, n: the input (stream_overlap's and event_dependency's d_in) */
	CJ_B_OUT, /* float, n: the output (their d_out) */
};

#endif
