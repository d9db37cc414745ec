/*
 * Launch glue for histogram: every thread of a 1-D grid of 1-D blocks calls
 *   histogram(data, n, bins, nbins)
 * once, with the same arguments; how the work is divided is the learner's
 * code's business (a grid-stride loop). The grid may hold fewer threads than
 * there are values, or more.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "histogram/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_histogram_kernel(const int *data, long long n, unsigned *bins,
                                               int nbins)
{
	histogram(data, n, bins, nbins);
}
#endif

CJ_DECLARE_KERNEL(cj_histogram_kernel, "cj_histogram_kernel",
                  (const int *data, long long n, unsigned *bins, int nbins));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
/* Blocks of `block` threads that fit on the device at once (cached: the
 * answer depends only on the kernel and the block size). */
static unsigned cj_histogram_full_grid(unsigned block)
{
	static unsigned cached_block[2], cached_grid[2]; /* per module (glue.h) */
	unsigned *cb = &cached_block[cj_current_module()], *cg = &cached_grid[cj_current_module()];
	if (*cb != block) {
		int device = 0, sms = 1, per_sm = 1;
		cudaGetDevice(&device);
		cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
		cudaOccupancyMaxActiveBlocksPerMultiprocessor(
		        &per_sm, CJ_KERNEL(cj_histogram_kernel), (int)block, 0);
		*cg = (unsigned)((sms > 0 ? sms : 1) * (per_sm > 0 ? per_sm : 1));
		*cb = block;
	}
	return *cg;
}

void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	unsigned grid = c->param[CJ_P_GRID] > 0 ? (unsigned)c->param[CJ_P_GRID]
	                                        : cj_histogram_full_grid(block);
	CJ_LAUNCH(cj_histogram_kernel, grid, block, 0, stream, (const int *)dev[CJ_B_DATA], n,
	          (unsigned *)dev[CJ_B_BINS], (int)c->param[CJ_P_NBINS]);
}
#endif
