/*
 * Launch glue for atomic_ref_flag: like message_passing's glue, but the flag of
 * a channel is a ticket that is never cleared: trial t (counting from 0)
 * posts ticket t + 1, and a receiver must wait for exactly its ticket:
 *   post(box, msg, words, ticket, t + 1)   on the sender,
 *   fetch(box, got, words, ticket, t + 1)  on the receiver.
 * Before each launch the boxes are filled with the stale mark; the tickets
 * keep the previous trial's value. The kernel, cj_ticket_kernel, and
 * cj_launch() are those of both mailbox exercises: common/mailbox.cuh, with
 * what is defined below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "atomic_ref_flag/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
__device__ static void cj_mailbox_send(int *box, const int *msg, int words, unsigned *ticket,
                                       int trial)
{
	post(box, msg, words, ticket, (unsigned)trial + 1);
}

__device__ static void cj_mailbox_receive(int *box, int *got, int words, unsigned *ticket,
                                          int trial)
{
	fetch(box, got, words, ticket, (unsigned)trial + 1);
}
#endif

#define CJ_MAILBOX_KERNEL cj_ticket_kernel
#define CJ_MAILBOX_FLAG unsigned
#define CJ_MAILBOX_CLEARS_FLAGS 0
#include "common/mailbox.cuh"
