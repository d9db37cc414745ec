/*
 * Launch glue for histogram: every thread of a 1-D grid of 1-D blocks calls
 *   histogram(data, n, bins, nbins)
 * once, with the same arguments; how the work is divided is the learner's
 * code's business (a grid-stride loop). The grid may hold fewer threads than
 * there are values, or more.
 *   param[0] n       values in data
 *   param[1] block   blockDim.x: a multiple of 32, at most 1024
 *   param[2] grid    gridDim.x; 0: as many blocks as the device can hold at
 *                    once for this kernel (the occupancy calculator's answer
 *                    times the number of SMs), as a persistent grid-stride
 *                    kernel would use
 *   param[3] nbins   bins, 1..4096
 *   buffers  0 data (int, n): values; those outside [0, nbins) are ignored
 *            1 bins (unsigned, nbins, in-out): counts to add to
 */

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
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	unsigned grid = c->param[2] > 0 ? (unsigned)c->param[2] : cj_histogram_full_grid(block);
	CJ_LAUNCH(cj_histogram_kernel, grid, block, 0, stream, (const int *)dev[0], n,
	          (unsigned *)dev[1], (int)c->param[3]);
}
#endif
