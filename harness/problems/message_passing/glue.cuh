/*
 * Launch glue for message_passing: `trials` launches per case; in each, every
 * channel carries one message of `words` ints from a sending thread to a
 * receiving thread of another block (roles: common/coresident.cuh):
 *   send(box, msg, words, flag)     on the sender,
 *   receive(box, got, words, flag)  on the receiver,
 * with the channel's box, message, flag and place for what was received.
 * Before each launch the boxes are filled with CJ_STALE_BYTE and the flags
 * with 0, so a word read before the sender's write arrived shows as
 * 0x5a5a5a5a. The kernel, cj_message_kernel, and cj_launch() are those of
 * both mailbox exercises: common/mailbox.cuh, with what is defined below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "message_passing/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
__device__ static void cj_mailbox_send(int *box, const int *msg, int words, int *flag,
                                       int /* trial */)
{
	send(box, msg, words, flag);
}

__device__ static void cj_mailbox_receive(int *box, int *got, int words, int *flag, int /* trial */)
{
	receive(box, got, words, flag);
}
#endif

#define CJ_MAILBOX_KERNEL cj_message_kernel
#define CJ_MAILBOX_FLAG int
#define CJ_MAILBOX_CLEARS_FLAGS 1
#include "common/mailbox.cuh"
