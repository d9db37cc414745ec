/*
 * The parameter layout of warp_scan: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_SCAN_H
#define CJ_LAYOUT_WARP_SCAN_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_BLOCK,  /* blockDim.x, a multiple of 32 */
	CJ_P_PASSES, /* 1: out = scan(in); 2: out = scan(scan(in)) in one kernel */
	CJ_P_CHUNKS, /* runs of 32 per warp, 1..CJ_SCAN_MAX_CHUNKS */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* int, n */
	CJ_B_OUT, /* int, n */
};

/* the most runs a warp loads before it starts (the glue's registers per lane) */
#define CJ_SCAN_MAX_CHUNKS 8

#endif
