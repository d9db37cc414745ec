/*
 * Launch glue for message_passing: `trials` launches per case; in each, every
 * channel carries one message of `words` ints from a sending thread to a
 * receiving thread of another block (roles: common/coresident.cuh). Before each
 * launch the boxes are filled with CJ_STALE and the flags with 0, so a word
 * read before the sender's write arrived shows as CJ_STALE.
 *   param[0] channels  param[1] words  param[2] trials  param[3] block
 *   param[4] blocks wanted (2 * ceil(channels / block), or fewer)
 *   buffers  0 msg (int, trials * channels * words): what trial t sends on channel c
 *            1 box (int, channels * words, in-out)   2 flags (int, channels, in-out)
 *            3 got (int, trials * channels * words): what the receivers returned
 */
#include "common/coresident.cuh"
#define CJ_STALE_BYTE 0x5a

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
	int channels = (int)c->param[0], words = (int)c->param[1], trials = (int)c->param[2];
	int block = (int)c->param[3];
	int grid = cj_resident_blocks(CJ_KERNEL(cj_message_kernel), block, (int)c->param[4], true);
	for (int t = 0; t < trials; ++t) {
		if (cudaMemsetAsync(dev[1], CJ_STALE_BYTE, sizeof(int) * (size_t)channels * words,
		                    stream) != cudaSuccess ||
		    cudaMemsetAsync(dev[2], 0, sizeof(int) * (size_t)channels, stream) !=
		            cudaSuccess)
			return; /* the runtime's check after cj_launch reports it */
		cj_registered_total += (unsigned long long)grid;
		CJ_LAUNCH(cj_message_kernel, grid, block, 0, stream, (const int *)dev[0],
		          (int *)dev[1], (int *)dev[2], (int *)dev[3], channels, words, t,
		          cj_registered_total);
	}
}
#endif
