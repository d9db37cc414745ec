/*
 * Launch glue for warp_scan: one thread per element, so element i is lane
 * i % 32 of warp (i % blockDim) / 32 of block i / blockDim.
 *   param[0] n        elements
 *   param[1] block    blockDim.x, a multiple of 32
 *   param[2] passes   1: out = scan(in); 2: out = scan(scan(in)) in one kernel
 *   buffers  0 in (int, n)   1 out (int, n)
 * Threads past n still call the scan (with 0), as the contract requires all
 * 32 lanes, and store nothing.
 */
__global__ void cj_warp_scan_kernel(const int *in, int *out, long long n, int passes)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	for (int p = 0; p < passes; ++p)
		v = warp_inclusive_scan(v);
	if (i < n)
		out[i] = v;
}

void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	cj_warp_scan_kernel<<<cj_blocks_for(n, block), block, 0, stream>>>(
		(const int *)dev[0], (int *)dev[1], n, (int)c->param[2]);
}
