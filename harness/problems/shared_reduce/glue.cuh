/*
 * Launch glue for shared_reduce: block b sums x[b * block, (b + 1) * block)
 * into sums[b]; blockDim.x ints of dynamic shared memory per block.
 *   param[0] n       elements of x
 *   param[1] block   blockDim.x, a power of two from 32 to 1024
 *   buffers  0 x (int, n)  1 sums (int, one per block)
 */

CJ_DECLARE_KERNEL(block_sums, "_Z10block_sumsPKiPii", (const int *x, int *sums, int n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	CJ_LAUNCH(block_sums, cj_blocks_for(n, block), block, block * sizeof(int), stream,
	          (const int *)dev[0], (int *)dev[1], (int)n);
}
#endif
