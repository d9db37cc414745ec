/*
 * Launch glue for atomic_add_cas: one thread per value; thread i adds vals[i]
 * to slots[slot_of[i]] with the learner's atomicAddCAS and stores what it
 * returned in olds[i].
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "atomic_add_cas/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_add_kernel(const float *vals, const int *slot_of, float *slots,
                                         float *olds, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		olds[i] = atomicAddCAS(&slots[slot_of[i]], vals[i]);
}
#endif

CJ_DECLARE_KERNEL(cj_add_kernel, "cj_add_kernel",
                  (const float *vals, const int *slot_of, float *slots, float *olds, long long n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	CJ_LAUNCH(cj_add_kernel, cj_blocks_for(n, block), block, 0, stream,
	          (const float *)dev[CJ_B_VALS], (const int *)dev[CJ_B_SLOT_OF],
	          (float *)dev[CJ_B_SLOTS], (float *)dev[CJ_B_OLDS], n);
}
#endif
