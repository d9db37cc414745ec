/*
 * The host part of the glue of the exercises whose learner writes the
 * kernel itself, kernel(const int *in, int *out, int n), launched with one
 * thread per element of `in` and blockDim.x ints of dynamic shared memory
 * per block (shared_reduce, smem_reverse). An exercise's glue.cuh declares
 * the kernel (CJ_DECLARE_KERNEL), defines, then includes this file:
 *   CJ_SMEM_INTS_KERNEL  the kernel's name
 *   CJ_SMEM_INTS_IN      the buffer (its layout.h's name) passed as `in`
 *   CJ_SMEM_INTS_OUT     the buffer passed as `out`
 * Its layout.h names param[] CJ_P_N (n) and CJ_P_BLOCK (blockDim.x). This
 * file defines cj_launch. Every name here starts with cj_ or CJ_, which a
 * learner's #define may not use.
 */
#ifndef CJ_COMMON_SMEM_INTS_LAUNCH_CUH
#define CJ_COMMON_SMEM_INTS_LAUNCH_CUH

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *cj_c, void *const cj_dev[], cudaStream_t cj_stream)
{
	long long cj_n = cj_c->param[CJ_P_N];
	unsigned cj_block = (unsigned)cj_c->param[CJ_P_BLOCK];
	CJ_LAUNCH(CJ_SMEM_INTS_KERNEL, cj_blocks_for(cj_n, cj_block), cj_block,
	          cj_block * sizeof(int), cj_stream, (const int *)cj_dev[CJ_SMEM_INTS_IN],
	          (int *)cj_dev[CJ_SMEM_INTS_OUT], (int)cj_n);
}
#endif

#endif
