/*
 * Launch glue for global_softmax: the softmax of one vector of n elements, in
 * two kernels over the same grid. The vector is cut into `blocks` slices of
 * `slice` elements (the last one shorter); block b owns [begin, end) =
 * [b * slice, min(n, (b + 1) * slice)), never empty.
 *   kernel 1: every thread of block b calls global_softmax_partial(x, begin,
 *             end); thread 0 stores what it returns in parts[b].
 *   kernel 2: every thread of block b calls global_softmax_apply(x, y, begin,
 *             end, parts, blocks), which writes y[begin .. end).
 * Both kernels start by filling the block's static shared memory with junk
 * (cj_fill_static_smem), so that code reading a shared slot no thread of the
 * block wrote gets a wrong answer in every run. No dynamic shared memory is
 * given. Between the kernels nothing but parts carries over.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "global_softmax/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
#include "common/static_smem_junk.cuh"

/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_softmax_partial_kernel(const float *x, float2 *parts, long long n, long long slice)
{
	cj_fill_static_smem();
	const long long begin = blockIdx.x * slice;
	const long long end = begin + slice < n ? begin + slice : n;
	const float2 r = global_softmax_partial(x, begin, end);
	if (threadIdx.x == 0)
		parts[blockIdx.x] = r;
}

/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_softmax_apply_kernel(const float *x, float *y, const float2 *parts, long long n,
                                long long slice)
{
	cj_fill_static_smem();
	const long long begin = blockIdx.x * slice;
	const long long end = begin + slice < n ? begin + slice : n;
	global_softmax_apply(x, y, begin, end, parts, (int)gridDim.x);
}
#endif

CJ_DECLARE_KERNEL(cj_softmax_partial_kernel, "cj_softmax_partial_kernel",
                  (const float *x, float2 *parts, long long n, long long slice));
CJ_DECLARE_KERNEL(cj_softmax_apply_kernel, "cj_softmax_apply_kernel",
                  (const float *x, float *y, const float2 *parts, long long n, long long slice));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N], slice = c->param[CJ_P_SLICE];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK], blocks = (unsigned)c->param[CJ_P_BLOCKS];
	CJ_LAUNCH(cj_softmax_partial_kernel, blocks, block, 0, stream, (const float *)dev[CJ_B_X],
	          (float2 *)dev[CJ_B_PARTS], n, slice);
	CJ_LAUNCH(cj_softmax_apply_kernel, blocks, block, 0, stream, (const float *)dev[CJ_B_X],
	          (float *)dev[CJ_B_Y], (const float2 *)dev[CJ_B_PARTS], n, slice);
}
#endif
