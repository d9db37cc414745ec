/*
 * Junk in a block's static shared memory, for the glue of the exercises whose
 * kernels keep partial results in __shared__ variables (block_scan,
 * block_softmax, global_softmax): each block calls cj_fill_static_smem()
 * before the learner's code runs, so that code reading a shared slot no
 * thread of the block wrote gets a wrong answer in every run, not only when
 * an earlier block left something unlucky there. Device code only: included
 * by a glue inside its `#ifndef CJ_RUNNER` part, after its own
 *     extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
 * (in the glue, which the emulator's build rewrites, not here). On the
 * emulator, whose shared memory starts poisoned already
 * (harness/emu/memory.cpp), it is only a barrier.
 */
#ifndef HARNESS_PROBLEMS_COMMON_STATIC_SMEM_JUNK_CUH
#define HARNESS_PROBLEMS_COMMON_STATIC_SMEM_JUNK_CUH

/* Junk for shared memory: as a float about 2.9e38 (it wins every max and
 * swamps every sum), as an int an odd number (it never cancels out). */
#define CJ_SMEM_JUNK 0x7f5a5a5bu

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

#endif
