/*
 * Launch glue for block_softmax: a rows x len matrix stored row after row (row
 * r starts at element r * len); block b handles rows b * rpb ..
 * b * rpb + rpb - 1, all its threads calling block_softmax_row once per row.
 * Before its first call each block fills its static shared memory with junk
 * (cj_fill_static_smem), so that code reading a shared slot no thread of the
 * block wrote (say the slot of a 5th warp in a block of 3 warps) gets a wrong
 * answer in every run, not only when earlier kernels happened to leave
 * something harmful there. No dynamic shared memory is given.
 * The kernel, cj_block_softmax_kernel, and cj_launch() are those of both
 * row-softmax exercises: common/softmax_rows.cuh, with what is defined
 * below (rpb is its `per`).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "block_softmax/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
#include "common/static_smem_junk.cuh"

/* Block b takes row group b, after filling its static shared memory. */
__device__ static long long cj_softmax_group(void)
{
	cj_fill_static_smem();
	return blockIdx.x;
}

__device__ static void cj_softmax_row(const float *x, float *y, int len)
{
	block_softmax_row(x, y, len);
}
#endif

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
static unsigned cj_softmax_blocks(long long groups, unsigned /* block */)
{
	return (unsigned)groups;
}
#endif

#define CJ_SOFTMAX_KERNEL cj_block_softmax_kernel
#include "common/softmax_rows.cuh"
