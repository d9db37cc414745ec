/*
 * Launch glue for smem_reverse: one thread per element, blockDim.x ints of
 * dynamic shared memory per block (the learner's `extern __shared__` array).
 *   param[0] n       elements
 *   param[1] block   blockDim.x
 *   buffers  0 in (int, n)  1 out (int, n)
 */

CJ_DECLARE_KERNEL(reverse_array, "_Z13reverse_arrayPKiPii", (const int *in, int *out, int n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	CJ_LAUNCH(reverse_array, cj_blocks_for(n, block), block, block * sizeof(int), stream,
	          (const int *)dev[0], (int *)dev[1], (int)n);
}
#endif
