/*
 * The parameter layout of event_dependency: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_EVENT_DEPENDENCY_H
#define CJ_LAYOUT_EVENT_DEPENDENCY_H

/* param[] */
enum {
	CJ_P_N,     /* elements */
	CJ_P_BLOCK, /* 256 (for reports) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* float, n: d_in */
	CJ_B_OUT, /* float, n: d_out */
};

#endif
