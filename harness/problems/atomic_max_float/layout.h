/*
 * The parameter layout of atomic_max_float: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_ATOMIC_MAX_FLOAT_H
#define CJ_LAYOUT_ATOMIC_MAX_FLOAT_H

/* param[] */
enum {
	CJ_P_N,     /* threads (one value each) */
	CJ_P_BLOCK, /* blockDim.x */
	CJ_P_SLOTS, /* addresses shared by the threads (1 = all on one address) */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_VALS,    /* float, n */
	CJ_B_SLOT_OF, /* int, n: the slot thread i updates */
	CJ_B_SLOTS,   /* float, slots, in-out */
	CJ_B_OLDS,    /* float, n: what thread i's atomicMaxFloat returned */
};

#endif
