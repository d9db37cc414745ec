/*
 * Launch glue for shared_reduce: block b sums x[b * block, (b + 1) * block)
 * into sums[b]; blockDim.x ints of dynamic shared memory per block.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "shared_reduce/layout.h"

CJ_DECLARE_KERNEL(block_sums, "_Z10block_sumsPKiPii", (const int *x, int *sums, int n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	CJ_LAUNCH(block_sums, cj_blocks_for(n, block), block, block * sizeof(int), stream,
	          (const int *)dev[CJ_B_X], (int *)dev[CJ_B_SUMS], (int)n);
}
#endif
