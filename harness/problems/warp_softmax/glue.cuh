/*
 * Launch glue for warp_softmax: a rows x len matrix stored row after row (row
 * r starts at element r * len); global warp w handles rows w * rpw ..
 * w * rpw + rpw - 1, calling warp_softmax_row once per row with all 32 lanes.
 * Warps past the last row do not call it at all.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_softmax/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_warp_softmax_kernel(const float *x, float *y, long long rows, int len, int rpw)
{
	long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	for (int k = 0; k < rpw; ++k) {
		long long r = warp * rpw + k;
		if (r >= rows) /* the same for every lane of the warp */
			break;
		warp_softmax_row(x + r * len, y + r * len, len);
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_softmax_kernel, "cj_warp_softmax_kernel",
                  (const float *x, float *y, long long rows, int len, int rpw));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long rows = c->param[CJ_P_ROWS];
	int len = (int)c->param[CJ_P_LEN];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	int rpw = (int)c->param[CJ_P_PER];
	long long warps = (rows + rpw - 1) / rpw;
	CJ_LAUNCH(cj_warp_softmax_kernel, cj_blocks_for(warps * 32, block), block, 0, stream,
	          (const float *)dev[CJ_B_X], (float *)dev[CJ_B_Y], rows, len, rpw);
}
#endif
