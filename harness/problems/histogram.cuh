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
__global__ void cj_histogram_kernel(const int *data, long long n, unsigned *bins, int nbins)
{
	histogram(data, n, bins, nbins);
}

/* Blocks of `block` threads that fit on the device at once (cached: the
 * answer depends only on the kernel and the block size). */
static unsigned cj_histogram_full_grid(unsigned block)
{
	static unsigned cached_block, cached_grid;
	if (cached_block != block) {
		int device = 0, sms = 1, per_sm = 1;
		cudaGetDevice(&device);
		cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
		cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, cj_histogram_kernel,
		                                              (int)block, 0);
		cached_grid = (unsigned)((sms > 0 ? sms : 1) * (per_sm > 0 ? per_sm : 1));
		cached_block = block;
	}
	return cached_grid;
}

void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	unsigned grid = c->param[2] > 0 ? (unsigned)c->param[2] : cj_histogram_full_grid(block);
	cj_histogram_kernel<<<grid, block, 0, stream>>>((const int *)dev[0], n, (unsigned *)dev[1],
	                                                (int)c->param[3]);
}
