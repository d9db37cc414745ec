/*
 * The parameter layout of the atomic-slot exercises, atomic_add_cas and
 * atomic_max_float: thread i updates slots[slot_of[i]] with vals[i] through
 * the learner's atomic function and stores the old value it returned in
 * olds[i]. Included through each one's layout.h by its cases (cases.c and
 * common/slots.c) and its glue.
 */
#ifndef CJ_LAYOUT_SLOTS_H
#define CJ_LAYOUT_SLOTS_H

/* param[] */
enum {
	CJ_P_N,     /* values (threads, one value each) */
	CJ_P_BLOCK, /* blockDim.x */
	CJ_P_SLOTS, /* addresses shared by the threads (1 = all on one address) */
};

/* the buffers, in the order common/slots.c declares them */
enum {
	CJ_B_VALS,    /* float, n */
	CJ_B_SLOT_OF, /* int, n: the slot thread i updates */
	CJ_B_SLOTS,   /* float, slots, in-out */
	CJ_B_OLDS,    /* float, n: what thread i's call returned */
};

#endif
