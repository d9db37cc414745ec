/*
 * The parameter layout of memcpy_async: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_MEMCPY_ASYNC_H
#define CJ_LAYOUT_MEMCPY_ASYNC_H

/* param[] */
enum {
	CJ_P_N,      /* elements */
	CJ_P_BLOCK,  /* blockDim.x */
	CJ_P_TILE,   /* floats per tile (and of dynamic shared memory) */
	CJ_P_BLOCKS, /* gridDim.x */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_IN,  /* float, n */
	CJ_B_OUT, /* float, n */
};

#endif
