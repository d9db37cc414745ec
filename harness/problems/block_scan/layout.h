/*
 * The parameter layout of block_scan: what param[] and the buffers of a case mean.
 * cases.c fills them and glue.cuh launches with them; both include this file, so
 * the two read the same indices.
 */
#ifndef CJ_LAYOUT_BLOCK_SCAN_H
#define CJ_LAYOUT_BLOCK_SCAN_H

/* param[] */
enum {
	CJ_P_N,     /* elements */
	CJ_P_BLOCK, /* blockDim.x: a multiple of 32, at most 1024 */
	CJ_P_ITEMS, /* elements per thread and tile, 1..CJ_BSCAN_MAX_ITEMS (4: read as int4) */
	CJ_P_TILES, /* tiles per block, >= 1 */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* int, n */
	CJ_B_OUT, /* int, n */
	/* int, blocks * tiles: totals[b * tiles + k] is the *block_total that thread (7 b + 13 k) %
	 * blockDim.x got in tile k of block b */
	CJ_B_TOTALS,
};

/* the most items a thread takes per tile (the glue's registers per thread) */
#define CJ_BSCAN_MAX_ITEMS 4

#endif
