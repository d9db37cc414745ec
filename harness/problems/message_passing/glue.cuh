/*
 * Launch glue for message_passing: `trials` launches per case; in each, every
 * channel carries one message of `words` ints from a sending thread to a
 * receiving thread of another block (roles: common/coresident.cuh). Before each
 * launch the boxes are filled with CJ_STALE_BYTE and the flags with 0, so a
 * word read before the sender's write arrived shows as 0x5a5a5a5a.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "common/coresident.cuh"
#include "message_passing/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_message_kernel(const int *msg, int *box, int *flags, int *got,
                                             int channels, int words, int trial,
                                             unsigned long long target)
{
	int rank = cj_rank_by_sm(target);
	int half = (int)gridDim.x / 2;
	int group = rank < half ? rank : rank - half;
	long long sent = (long long)trial * channels * words;
	for (int c = group * (int)blockDim.x + (int)threadIdx.x; c < channels;
	     c += half * (int)blockDim.x) {
		long long at = (long long)c * words;
		if (rank < half)
			send(box + at, msg + sent + at, words, flags + c);
		else
			receive(box + at, got + sent + at, words, flags + c);
	}
}
#endif

CJ_DECLARE_KERNEL(cj_message_kernel, "cj_message_kernel",
                  (const int *msg, int *box, int *flags, int *got, int channels, int words,
                   int trial, unsigned long long target));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	int channels = (int)c->param[CJ_P_CHANNELS], words = (int)c->param[CJ_P_WORDS],
	    trials = (int)c->param[CJ_P_TRIALS];
	int block = (int)c->param[CJ_P_BLOCK];
	int grid = cj_resident_blocks(CJ_KERNEL(cj_message_kernel), block,
	                              (int)c->param[CJ_P_BLOCKS], true);
	for (int t = 0; t < trials; ++t) {
		if (cudaMemsetAsync(dev[CJ_B_BOX], CJ_STALE_BYTE,
		                    sizeof(int) * (size_t)channels * words,
		                    stream) != cudaSuccess ||
		    cudaMemsetAsync(dev[CJ_B_FLAGS], 0, sizeof(int) * (size_t)channels, stream) !=
		            cudaSuccess)
			return; /* the runtime's check after cj_launch reports it */
		cj_registered_total += (unsigned long long)grid;
		CJ_LAUNCH(cj_message_kernel, grid, block, 0, stream, (const int *)dev[CJ_B_MSG],
		          (int *)dev[CJ_B_BOX], (int *)dev[CJ_B_FLAGS], (int *)dev[CJ_B_GOT],
		          channels, words, t, cj_registered_total);
	}
}
#endif
