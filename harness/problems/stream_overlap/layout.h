/*
 * The parameter layout of stream_overlap: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_STREAM_OVERLAP_H
#define CJ_LAYOUT_STREAM_OVERLAP_H

/* param[] */
enum {
	CJ_P_N,     /* elements */
	CJ_P_BLOCK, /* 256 (the serial baseline's blocks; the learner picks its own) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* float, n: also d_in */
	CJ_B_OUT, /* float, n: also d_out */
};

#endif
