/*
 * Launch glue for block_softmax: a rows x len matrix stored row after row (row
 * r starts at element r * len); block b handles rows b * rpb ..
 * b * rpb + rpb - 1, all its threads calling block_softmax_row once per row.
 * Before its first call each block fills its static shared memory with junk
 * (cj_fill_static_smem), so that code reading a shared slot no thread of the
 * block wrote (say the slot of a 5th warp in a block of 3 warps) gets a wrong
 * answer in every run, not only when earlier kernels happened to leave
 * something harmful there. No dynamic shared memory is given.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "block_softmax/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
#include "common/static_smem_junk.cuh"

/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_block_softmax_kernel(const float *x, float *y, long long rows, int len, int rpb)
{
	cj_fill_static_smem();
	for (int k = 0; k < rpb; ++k) {
		long long r = (long long)blockIdx.x * rpb + k;
		if (r >= rows) /* the same for every thread of the block */
			break;
		block_softmax_row(x + r * len, y + r * len, len);
	}
}
#endif

CJ_DECLARE_KERNEL(cj_block_softmax_kernel, "cj_block_softmax_kernel",
                  (const float *x, float *y, long long rows, int len, int rpb));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long rows = c->param[CJ_P_ROWS];
	int len = (int)c->param[CJ_P_LEN];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	int rpb = (int)c->param[CJ_P_PER];
	CJ_LAUNCH(cj_block_softmax_kernel, (unsigned)((rows + rpb - 1) / rpb), block, 0, stream,
	          (const float *)dev[CJ_B_X], (float *)dev[CJ_B_Y], rows, len, rpb);
}
#endif
