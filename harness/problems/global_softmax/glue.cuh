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
/* Junk for shared memory: as a float about 2.9e38 (it wins every max and
 * swamps every sum), as an int an odd number (it never cancels out). */
#define CJ_SMEM_JUNK 0x7f5a5a5bu

extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];

/* Writes CJ_SMEM_JUNK over the block's static shared memory: the range from
 * the end of the shared memory the system reserves to the start of dynamic
 * shared memory, which holds every static __shared__ variable. The range is
 * used only when the reserved region before it is at least the 1 KiB that
 * devices of compute capability 8.0 and newer reserve, and the range holds
 * this function's own static variable; with any other layout nothing is
 * written. Ends with a barrier. */
__device__ void cj_fill_static_smem(void)
{
#if defined(__CUDA_ARCH__) && defined(__NVCC__) && __CUDA_ARCH__ >= 800
	__shared__ unsigned cj_smem_anchor;
	if (threadIdx.x == 0)
		cj_smem_anchor = CJ_SMEM_JUNK; /* keeps it allocated */
	unsigned reserved, lo, hi, anchor;
	asm volatile("mov.u32 %0, %%reserved_smem_offset_begin;" : "=r"(reserved));
	asm volatile("mov.u32 %0, %%reserved_smem_offset_end;" : "=r"(lo));
	hi = (unsigned)__cvta_generic_to_shared(cj_dynamic_smem);
	anchor = (unsigned)__cvta_generic_to_shared(&cj_smem_anchor);
	if (lo >= reserved + 1024 && lo % 16 == 0 && hi % 16 == 0 && lo <= anchor && anchor < hi &&
	    hi - lo <= 228 * 1024) {
		for (unsigned a = lo + 16 * threadIdx.x; a < hi; a += 16 * blockDim.x)
			asm volatile("st.shared.v4.u32 [%0], {%1, %1, %1, %1};" ::"r"(a),
			             "r"(CJ_SMEM_JUNK)
			             : "memory");
	}
#endif
	__syncthreads();
}

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
