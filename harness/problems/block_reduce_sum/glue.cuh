/*
 * Launch glue for block_reduce_sum: block b owns the elements
 * [b * block * items, (b + 1) * block * items); each thread first adds its
 * share of them (items elements) and then every thread of the block calls
 * block_reduce_sum, once on x and, when calls == 2, again on y.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "block_reduce_sum/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* Sum of this thread's share of block b's chunk [base, base + block * items).
 * A full chunk whose size is a multiple of 4 is read as float4 (which four
 * elements a thread adds does not change the block's sum); a partial chunk
 * element by element. */
__device__ float cj_thread_share(const float *v, long long base, long long n, int items)
{
	float s = 0.0f;
	long long chunk = (long long)blockDim.x * items;
	if (items % 4 == 0 && base + chunk <= n) {
		const float4 *v4 = (const float4 *)(v + base);
#pragma unroll 4
		for (int k = 0; k < items / 4; ++k) {
			float4 q = v4[(long long)k * blockDim.x + threadIdx.x];
			s += (q.x + q.y) + (q.z + q.w);
		}
		return s;
	}
	for (int k = 0; k < items; ++k) {
		long long i = base + (long long)k * blockDim.x + threadIdx.x;
		if (i < n)
			s += v[i];
	}
	return s;
}

extern "C" __global__ void cj_block_sum_kernel(const float *x, const float *y, float *sums,
                                               long long n, int items, int calls)
{
	long long base = (long long)blockIdx.x * blockDim.x * items;
	float s = block_reduce_sum(cj_thread_share(x, base, n, items));
	if (threadIdx.x == 0)
		sums[(long long)blockIdx.x * calls] = s;
	if (calls > 1) {
		float t = block_reduce_sum(cj_thread_share(y, base, n, items));
		if (threadIdx.x == 0)
			sums[(long long)blockIdx.x * calls + 1] = t;
	}
}
#endif

CJ_DECLARE_KERNEL(cj_block_sum_kernel, "cj_block_sum_kernel",
                  (const float *x, const float *y, float *sums, long long n, int items, int calls));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	int items = (int)c->param[CJ_P_ITEMS];
	CJ_LAUNCH(cj_block_sum_kernel, cj_blocks_for(n, (unsigned)(block * items)), block, 0,
	          stream, (const float *)dev[CJ_B_X], (const float *)dev[CJ_B_Y],
	          (float *)dev[CJ_B_SUMS], n, items, (int)c->param[CJ_P_CALLS]);
}
#endif
