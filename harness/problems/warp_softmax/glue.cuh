/*
 * Launch glue for warp_softmax: a rows x len matrix stored row after row (row
 * r starts at element r * len); global warp w handles rows w * rpw ..
 * w * rpw + rpw - 1, calling warp_softmax_row once per row with all 32 lanes.
 * Warps past the last row do not call it at all.
 * The kernel, cj_warp_softmax_kernel, and cj_launch() are those of both
 * row-softmax exercises: common/softmax_rows.cuh, with what is defined
 * below (rpw is its `per`).
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_softmax/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* Global warp w takes row group w. */
__device__ static long long cj_softmax_group(void)
{
	return ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
}

__device__ static void cj_softmax_row(const float *x, float *y, int len)
{
	warp_softmax_row(x, y, len);
}
#endif

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
static unsigned cj_softmax_blocks(long long groups, unsigned block)
{
	return cj_blocks_for(groups * 32, block);
}
#endif

#define CJ_SOFTMAX_KERNEL cj_warp_softmax_kernel
#include "common/softmax_rows.cuh"
