/*
 * Launch glue for cg_reduce. Blocks may be 1-, 2- or 3-dimensional; a thread's
 * rank is r = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y *
 * threadIdx.z) (what thread_block::thread_rank() returns) and T = bx * by * bz
 * is the block's size. Block b owns the elements [b * T * items,
 * (b + 1) * T * items); the thread of rank r first adds its share of them
 * (items elements) and then every thread of the block calls
 * cg_block_sum(this_thread_block(), share), once on x and, when calls == 2,
 * again on y. Every thread stores what it got back.
 * The shares and the launch, cj_launch(): common/block_sums.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "cg_reduce/layout.h"

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
/* bx x by x bz threads, T in all. */
static dim3 cj_block_dims(const struct cj_wire_case *c)
{
	return dim3((unsigned)c->param[CJ_P_BX], (unsigned)c->param[CJ_P_BY],
	            (unsigned)c->param[CJ_P_BZ]);
}
#endif

#define CJ_BLOCK_SUMS_KERNEL cj_cg_reduce_kernel
#include "common/block_sums.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cooperative_groups.h>

extern "C" __global__ void cj_cg_reduce_kernel(const float *x, const float *y, float *sums,
                                               long long n, int items, int calls)
{
	unsigned size = blockDim.x * blockDim.y * blockDim.z;
	unsigned rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	long long base = (long long)blockIdx.x * size * items;
	long long out = (long long)blockIdx.x * calls * size + rank;
	float s = cg_block_sum(cooperative_groups::this_thread_block(),
	                       cj_block_share(x, base, n, items, rank, size));
	sums[out] = s;
	if (calls > 1) {
		float t = cg_block_sum(cooperative_groups::this_thread_block(),
		                       cj_block_share(y, base, n, items, rank, size));
		sums[out + size] = t;
	}
}
#endif
