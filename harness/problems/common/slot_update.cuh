/*
 * The launch glue of the atomic-slot exercises, atomic_add_cas and
 * atomic_max_float (their layout: common/slots_layout.h), whose kernels
 * differ only in their name and in the learner's function they call: one
 * thread per value, thread i performs
 *   olds[i] = CJ_SLOT_UPDATE(&slots[slot_of[i]], vals[i]);
 * An exercise's glue.cuh defines, then includes this file:
 *   CJ_SLOT_KERNEL  the kernel's name (extern "C": its symbol in the module
 *                   is that name)
 *   CJ_SLOT_UPDATE  the learner's atomic function, float (float *, float)
 * This file defines the kernel (device part), declares it, and defines
 * cj_launch (host part). Every name here starts with cj_ or CJ_, which a
 * learner's #define may not use.
 */
#ifndef CJ_COMMON_SLOT_UPDATE_CUH
#define CJ_COMMON_SLOT_UPDATE_CUH

#include "common/named_kernel.cuh"
#include "common/slots_layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void CJ_SLOT_KERNEL(const float *cj_vals, const int *cj_slot_of,
                                          float *cj_slots, float *cj_olds, long long cj_n)
{
	long long cj_i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (cj_i < cj_n)
		cj_olds[cj_i] = CJ_SLOT_UPDATE(&cj_slots[cj_slot_of[cj_i]], cj_vals[cj_i]);
}
#endif

CJ_DECLARE_NAMED_KERNEL(CJ_SLOT_KERNEL, (const float *cj_vals, const int *cj_slot_of,
                                         float *cj_slots, float *cj_olds, long long cj_n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *cj_c, void *const cj_dev[], cudaStream_t cj_stream)
{
	long long cj_n = cj_c->param[CJ_P_N];
	unsigned cj_block = (unsigned)cj_c->param[CJ_P_BLOCK];
	CJ_LAUNCH(CJ_SLOT_KERNEL, cj_blocks_for(cj_n, cj_block), cj_block, 0, cj_stream,
	          (const float *)cj_dev[CJ_B_VALS], (const int *)cj_dev[CJ_B_SLOT_OF],
	          (float *)cj_dev[CJ_B_SLOTS], (float *)cj_dev[CJ_B_OLDS], cj_n);
}
#endif

#endif
