/*
 * The parameter layout of warp_compact: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_COMPACT_H
#define CJ_LAYOUT_WARP_COMPACT_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_BLOCK,  /* blockDim.x, a multiple of 32 */
	CJ_P_CHUNKS, /* runs per warp, 1..CJ_COMPACT_MAX_CHUNKS */
	CJ_P_T,      /* keep = (v >= t) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,      /* int, n */
	CJ_B_OFFSET, /* int, runs = ceil(n / 32): values kept by the runs before run r */
	CJ_B_OUT,    /* int, values kept */
	CJ_B_COUNTS, /* int, runs: what lane r % 32 returned for run r */
};

/* the most runs a warp loads before it starts (the glue's registers per lane) */
#define CJ_COMPACT_MAX_CHUNKS 8

#endif
