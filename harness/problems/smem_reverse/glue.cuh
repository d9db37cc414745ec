/*
 * Launch glue for smem_reverse: one thread per element, blockDim.x ints of
 * dynamic shared memory per block (the learner's `extern __shared__` array).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "smem_reverse/layout.h"

CJ_DECLARE_KERNEL(reverse_array, "_Z13reverse_arrayPKiPii", (const int *in, int *out, int n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	CJ_LAUNCH(reverse_array, cj_blocks_for(n, block), block, block * sizeof(int), stream,
	          (const int *)dev[CJ_B_IN], (int *)dev[CJ_B_OUT], (int)n);
}
#endif
