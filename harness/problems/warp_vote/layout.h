/*
 * The parameter layout of warp_vote: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_WARP_VOTE_H
#define CJ_LAYOUT_WARP_VOTE_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_BLOCK,  /* blockDim.x, a multiple of 32 */
	CJ_P_CHUNKS, /* runs of 32 per warp, 1..CJ_VOTE_MAX_CHUNKS */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,     /* int, n */
	CJ_B_COUNT, /* int, n: what lane i's call returned */
	CJ_B_FLAGS, /* int, n: bit 0 what *any was set to, bit 1 what *all was */
};

/* the most runs a warp loads before it starts (the glue's registers per lane) */
#define CJ_VOTE_MAX_CHUNKS 8

#endif
