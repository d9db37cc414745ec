/*
 * The parameter layout of last_block_reduce: what param[] and the buffers of a
 * case mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_LAST_BLOCK_REDUCE_H
#define CJ_LAYOUT_LAST_BLOCK_REDUCE_H

/* param[] */
enum {
	CJ_P_N,      /* elements per trial */
	CJ_P_TRIALS, /* launches per case */
	CJ_P_BLOCKS, /* blocks wanted (at most; fewer when fewer fit) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_X,        /* float, trials * n */
	CJ_B_PARTIALS, /* float, blocks wanted, scratch */
	CJ_B_ARRIVED,  /* unsigned, 1, in-out: 0 before and after */
	CJ_B_TOTALS,   /* float, trials */
};

#endif
