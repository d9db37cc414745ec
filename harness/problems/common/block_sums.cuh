/*
 * What the glues of the block-reduction exercises, block_reduce_sum and
 * cg_reduce (their cases: common/block_sums.c), share. Block b of T threads
 * owns the elements [b * T * items, (b + 1) * T * items) of x (and of y);
 * each thread first adds its share of them (cj_block_share), then the whole
 * block calls the learner's reduction, once on x and, when calls == 2, again
 * on y. Each layout.h names param[] CJ_P_N, CJ_P_BLOCK (T), CJ_P_ITEMS and
 * CJ_P_CALLS, and the buffers CJ_B_X, CJ_B_Y and CJ_B_SUMS.
 * An exercise's glue.cuh defines, then includes this file:
 *   CJ_BLOCK_SUMS_KERNEL  its kernel's name, a kernel
 *                         (const float *x, const float *y, float *sums,
 *                         long long n, int items, int calls), extern "C"
 *                         (its symbol in the module is that name), which the
 *                         glue defines after this file
 *   cj_block_dims(c)      in its host part: the block's shape for case c,
 *                         T threads
 * This file declares the kernel and defines cj_launch (host part): one
 * block per T * items elements. Every name here starts with cj_ or CJ_,
 * which a learner's #define may not use.
 */
#ifndef CJ_COMMON_BLOCK_SUMS_CUH
#define CJ_COMMON_BLOCK_SUMS_CUH

#include "common/named_kernel.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* Sum of the share of thread cj_rank (of cj_size) of the chunk [cj_base,
 * cj_base + cj_size * cj_items). A full chunk whose size is a multiple of 4
 * is read as float4 (which four elements a thread adds does not change the
 * block's sum); a partial chunk element by element. */
__device__ static float cj_block_share(const float *cj_v, long long cj_base, long long cj_n,
                                       int cj_items, unsigned cj_rank, unsigned cj_size)
{
	float cj_s = 0.0f;
	long long cj_chunk = (long long)cj_size * cj_items;
	if (cj_items % 4 == 0 && cj_base + cj_chunk <= cj_n) {
		const float4 *cj_v4 = (const float4 *)(cj_v + cj_base);
#pragma unroll 4
		for (int cj_k = 0; cj_k < cj_items / 4; ++cj_k) {
			float4 cj_q = cj_v4[(long long)cj_k * cj_size + cj_rank];
			cj_s += (cj_q.x + cj_q.y) + (cj_q.z + cj_q.w);
		}
		return cj_s;
	}
	for (int cj_k = 0; cj_k < cj_items; ++cj_k) {
		long long cj_i = cj_base + (long long)cj_k * cj_size + cj_rank;
		if (cj_i < cj_n)
			cj_s += cj_v[cj_i];
	}
	return cj_s;
}

extern "C" __global__ void CJ_BLOCK_SUMS_KERNEL(const float *cj_x, const float *cj_y,
                                                float *cj_sums, long long cj_n, int cj_items,
                                                int cj_calls);
#endif

CJ_DECLARE_NAMED_KERNEL(CJ_BLOCK_SUMS_KERNEL, (const float *cj_x, const float *cj_y, float *cj_sums,
                                               long long cj_n, int cj_items, int cj_calls));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *cj_c, void *const cj_dev[], cudaStream_t cj_stream)
{
	long long cj_n = cj_c->param[CJ_P_N];
	unsigned cj_size = (unsigned)cj_c->param[CJ_P_BLOCK];
	int cj_items = (int)cj_c->param[CJ_P_ITEMS];
	CJ_LAUNCH(CJ_BLOCK_SUMS_KERNEL, cj_blocks_for(cj_n, cj_size * (unsigned)cj_items),
	          cj_block_dims(cj_c), 0, cj_stream, (const float *)cj_dev[CJ_B_X],
	          (const float *)cj_dev[CJ_B_Y], (float *)cj_dev[CJ_B_SUMS], cj_n, cj_items,
	          (int)cj_c->param[CJ_P_CALLS]);
}
#endif

#endif
