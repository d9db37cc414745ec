/*
 * The parameter layout of atomic_add_cas: what param[] and the buffers of a case
 * mean. cases.c fills them and glue.cuh launches with them; both include this
 * file, so the two read the same indices.
 */
#ifndef CJ_LAYOUT_ATOMIC_ADD_CAS_H
#define CJ_LAYOUT_ATOMIC_ADD_CAS_H

/* param[] */
enum {
	CJ_P_N,     /* values (threads) */
	CJ_P_BLOCK, /* blockDim.x */
	CJ_P_SLOTS, /* addresses */
};

/* the buffers, in the order cases.c declares them */
enum {
	CJ_B_VALS,    /* float, n */
	CJ_B_SLOT_OF, /* int, n: the slot thread i adds to */
	CJ_B_SLOTS,   /* float, slots, in-out */
	CJ_B_OLDS,    /* float, n: what thread i's atomicAddCAS returned */
};

#endif
