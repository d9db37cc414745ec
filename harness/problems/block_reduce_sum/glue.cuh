/*
 * Launch glue for block_reduce_sum: block b owns the elements
 * [b * block * items, (b + 1) * block * items); each thread first adds its
 * share of them (items elements) and then every thread of the block calls
 * block_reduce_sum, once on x and, when calls == 2, again on y.
 * The shares and the launch, cj_launch(): common/block_sums.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "block_reduce_sum/layout.h"

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
/* One dimension: blockDim.x = T. */
static dim3 cj_block_dims(const struct cj_wire_case *c)
{
	return dim3((unsigned)c->param[CJ_P_BLOCK]);
}
#endif

#define CJ_BLOCK_SUMS_KERNEL cj_block_sum_kernel
#include "common/block_sums.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_block_sum_kernel(const float *x, const float *y, float *sums,
                                               long long n, int items, int calls)
{
	long long base = (long long)blockIdx.x * blockDim.x * items;
	float s = block_reduce_sum(cj_block_share(x, base, n, items, threadIdx.x, blockDim.x));
	if (threadIdx.x == 0)
		sums[(long long)blockIdx.x * calls] = s;
	if (calls > 1) {
		float t = block_reduce_sum(
		        cj_block_share(y, base, n, items, threadIdx.x, blockDim.x));
		if (threadIdx.x == 0)
			sums[(long long)blockIdx.x * calls + 1] = t;
	}
}
#endif
