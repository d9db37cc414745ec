/*
 * Launch glue for cg_reduce. Blocks may be 1-, 2- or 3-dimensional; a thread's
 * rank is r = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y *
 * threadIdx.z) (what thread_block::thread_rank() returns) and T = bx * by * bz
 * is the block's size. Block b owns the elements [b * T * items,
 * (b + 1) * T * items); the thread of rank r first adds its share of them
 * (items elements) and then every thread of the block calls
 * cg_block_sum(this_thread_block(), share), once on x and, when calls == 2,
 * again on y. Every thread stores what it got back.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "cg_reduce/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cooperative_groups.h>

/* Sum of this thread's share of the chunk [base, base + size * items). A full
 * chunk whose size is a multiple of 4 is read as float4 (which four elements
 * a thread adds does not change the block's sum); a partial chunk element by
 * element. */
__device__ float cj_cg_share(const float *v, long long base, long long n, int items, unsigned rank,
                             unsigned size)
{
	float s = 0.0f;
	long long chunk = (long long)size * items;
	if (items % 4 == 0 && base + chunk <= n) {
		const float4 *v4 = (const float4 *)(v + base);
#pragma unroll 4
		for (int k = 0; k < items / 4; ++k) {
			float4 q = v4[(long long)k * size + rank];
			s += (q.x + q.y) + (q.z + q.w);
		}
		return s;
	}
	for (int k = 0; k < items; ++k) {
		long long i = base + (long long)k * size + rank;
		if (i < n)
			s += v[i];
	}
	return s;
}

extern "C" __global__ void cj_cg_reduce_kernel(const float *x, const float *y, float *sums,
                                               long long n, int items, int calls)
{
	unsigned size = blockDim.x * blockDim.y * blockDim.z;
	unsigned rank = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	long long base = (long long)blockIdx.x * size * items;
	long long out = (long long)blockIdx.x * calls * size + rank;
	float s = cg_block_sum(cooperative_groups::this_thread_block(),
	                       cj_cg_share(x, base, n, items, rank, size));
	sums[out] = s;
	if (calls > 1) {
		float t = cg_block_sum(cooperative_groups::this_thread_block(),
		                       cj_cg_share(y, base, n, items, rank, size));
		sums[out + size] = t;
	}
}
#endif

CJ_DECLARE_KERNEL(cj_cg_reduce_kernel, "cj_cg_reduce_kernel",
                  (const float *x, const float *y, float *sums, long long n, int items, int calls));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned size = (unsigned)c->param[CJ_P_BLOCK];
	dim3 block((unsigned)c->param[CJ_P_BX], (unsigned)c->param[CJ_P_BY],
	           (unsigned)c->param[CJ_P_BZ]);
	int items = (int)c->param[CJ_P_ITEMS];
	CJ_LAUNCH(cj_cg_reduce_kernel, cj_blocks_for(n, size * (unsigned)items), block, 0, stream,
	          (const float *)dev[CJ_B_X], (const float *)dev[CJ_B_Y], (float *)dev[CJ_B_SUMS],
	          n, items, (int)c->param[CJ_P_CALLS]);
}
#endif
