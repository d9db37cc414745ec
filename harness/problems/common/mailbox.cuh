/*
 * The launch glue of the mailbox exercises, message_passing and
 * atomic_ref_flag (their layout: common/mailbox_layout.h), whose kernels
 * differ only in their name, in the type of a channel's flag and in the
 * learner's functions they call: `trials` launches per case; in trial t,
 * channel c carries one message of `words` ints, msg + (t * channels + c) *
 * words, from a sending thread to a receiving thread of another block
 * (roles: common/coresident.cuh), which stores it at got + the same offset.
 * The channels are dealt out to the threads of the sending blocks and, in
 * the same order, of the receiving ones, blockDim.x * gridDim.x / 2 at a
 * time. Before each launch the boxes are filled with CJ_STALE_BYTE, and the
 * flags with 0 where the exercise says so.
 * An exercise's glue.cuh defines, then includes this file:
 *   CJ_MAILBOX_KERNEL        the kernel's name (extern "C": its symbol in the
 *                            module is that name)
 *   CJ_MAILBOX_FLAG          the type of a channel's flag, int or unsigned
 *   CJ_MAILBOX_CLEARS_FLAGS  1: the flags are set to 0 before each trial
 *   cj_mailbox_send(box, msg, words, flag, trial) and
 *   cj_mailbox_receive(box, got, words, flag, trial), in its device part:
 *                            what the sender and the receiver of a channel
 *                            do in trial `trial`, through the learner's code
 * This file defines the kernel (device part), declares it, and defines
 * cj_launch (host part). Every name here starts with cj_ or CJ_, which a
 * learner's #define may not use.
 */
#ifndef CJ_COMMON_MAILBOX_CUH
#define CJ_COMMON_MAILBOX_CUH

#include "common/coresident.cuh"
#include "common/mailbox_layout.h"
#include "common/named_kernel.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void CJ_MAILBOX_KERNEL(const int *cj_msg, int *cj_box,
                                             CJ_MAILBOX_FLAG *cj_flags, int *cj_got,
                                             int cj_channels, int cj_words, int cj_trial,
                                             unsigned long long cj_target)
{
	int cj_rank = cj_rank_by_sm(cj_target);
	int cj_half = (int)gridDim.x / 2;
	int cj_group = cj_rank < cj_half ? cj_rank : cj_rank - cj_half;
	long long cj_sent = (long long)cj_trial * cj_channels * cj_words;
	for (int cj_ch = cj_group * (int)blockDim.x + (int)threadIdx.x; cj_ch < cj_channels;
	     cj_ch += cj_half * (int)blockDim.x) {
		long long cj_at = (long long)cj_ch * cj_words;
		if (cj_rank < cj_half)
			cj_mailbox_send(cj_box + cj_at, cj_msg + cj_sent + cj_at, cj_words,
			                cj_flags + cj_ch, cj_trial);
		else
			cj_mailbox_receive(cj_box + cj_at, cj_got + cj_sent + cj_at, cj_words,
			                   cj_flags + cj_ch, cj_trial);
	}
}
#endif

CJ_DECLARE_NAMED_KERNEL(CJ_MAILBOX_KERNEL,
                        (const int *cj_msg, int *cj_box, CJ_MAILBOX_FLAG *cj_flags, int *cj_got,
                         int cj_channels, int cj_words, int cj_trial,
                         unsigned long long cj_target));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *cj_c, void *const cj_dev[], cudaStream_t cj_stream)
{
	int cj_channels = (int)cj_c->param[CJ_P_CHANNELS], cj_words = (int)cj_c->param[CJ_P_WORDS],
	    cj_trials = (int)cj_c->param[CJ_P_TRIALS];
	int cj_block = (int)cj_c->param[CJ_P_BLOCK];
	int cj_grid = cj_resident_blocks(CJ_NAMED_KERNEL(CJ_MAILBOX_KERNEL), cj_block,
	                                 (int)cj_c->param[CJ_P_BLOCKS], true);
	for (int cj_t = 0; cj_t < cj_trials; ++cj_t) {
		if (cudaMemsetAsync(cj_dev[CJ_B_BOX], CJ_STALE_BYTE,
		                    sizeof(int) * (size_t)cj_channels * cj_words,
		                    cj_stream) != cudaSuccess ||
		    (CJ_MAILBOX_CLEARS_FLAGS &&
		     cudaMemsetAsync(cj_dev[CJ_B_FLAGS], 0,
		                     sizeof(CJ_MAILBOX_FLAG) * (size_t)cj_channels,
		                     cj_stream) != cudaSuccess))
			return; /* the runtime's check after cj_launch reports it */
		cj_registered_total += (unsigned long long)cj_grid;
		CJ_LAUNCH(CJ_MAILBOX_KERNEL, cj_grid, cj_block, 0, cj_stream,
		          (const int *)cj_dev[CJ_B_MSG], (int *)cj_dev[CJ_B_BOX],
		          (CJ_MAILBOX_FLAG *)cj_dev[CJ_B_FLAGS], (int *)cj_dev[CJ_B_GOT],
		          cj_channels, cj_words, cj_t, cj_registered_total);
	}
}
#endif

#endif
