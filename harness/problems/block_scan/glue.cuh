/*
 * Launch glue for block_scan. Block b scans its segment of the input, the
 * seg = tiles * blockDim.x * items elements [b * seg, (b + 1) * seg), the
 * scan restarting from 0 at every segment. A segment is handled in `tiles`
 * tiles of blockDim.x * items elements: thread t takes the `items`
 * consecutive elements [t * items, (t + 1) * items) of a tile, adds them up,
 * and calls block_inclusive_scan with that sum; what it returns, less the
 * sum, plus the block totals of the earlier tiles, is where the thread's own
 * running sum starts. The next tile is loaded before the current one is
 * scanned, so that enough loads are in flight.
 * Elements past n count as 0 and are not stored. Before its first call each
 * block fills its static shared memory with junk (cj_fill_static_smem), so
 * that code reading a shared slot no thread of the block wrote gets a wrong
 * answer in every run. No dynamic shared memory is given.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "block_scan/layout.h"

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

/* This thread's items of the tile at `base`; 0 past n. */
__device__ void cj_scan_load(const int *in, long long n, long long base, int items,
                             int v[CJ_BSCAN_MAX_ITEMS])
{
	long long first = base + (long long)threadIdx.x * items;
	if (items == 4 && base + 4LL * blockDim.x <= n) { /* base is a multiple of 4 */
		int4 q = *(const int4 *)(in + first);
		v[0] = q.x;
		v[1] = q.y;
		v[2] = q.z;
		v[3] = q.w;
		return;
	}
#pragma unroll
	for (int i = 0; i < CJ_BSCAN_MAX_ITEMS; ++i)
		v[i] = i < items && first + i < n ? in[first + i] : 0;
}

/* __launch_bounds__(1024): a block of 1024 threads can always be launched, whatever the
 * learner's code would like in registers (the compiler keeps to 64 a thread). */
extern "C" __global__ void __launch_bounds__(1024)
        cj_block_scan_kernel(const int *in, int *out, int *totals, long long n, int items,
                             int tiles)
{
	cj_fill_static_smem();
	const long long tile = (long long)blockDim.x * items;
	const long long seg = tile * tiles;
	int cur[CJ_BSCAN_MAX_ITEMS], next[CJ_BSCAN_MAX_ITEMS] = {0};
	cj_scan_load(in, n, blockIdx.x * seg, items, cur);
	unsigned carry = 0; /* the block totals of the earlier tiles; wraps like int */
	for (int k = 0; k < tiles; ++k) {
		const long long base = blockIdx.x * seg + k * tile;
		if (k + 1 < tiles)
			cj_scan_load(in, n, base + tile, items, next);
		unsigned sum = 0;
#pragma unroll
		for (int i = 0; i < CJ_BSCAN_MAX_ITEMS; ++i)
			sum += (unsigned)cur[i]; /* 0 past items */
		int total = 0;
		unsigned run = carry + (unsigned)block_inclusive_scan((int)sum, &total) - sum;
		const long long first = base + (long long)threadIdx.x * items;
		if (items == 4 && base + 4LL * blockDim.x <= n) { /* a whole tile: one int4 store */
			int4 q;
			q.x = (int)(run += (unsigned)cur[0]);
			q.y = (int)(run += (unsigned)cur[1]);
			q.z = (int)(run += (unsigned)cur[2]);
			q.w = (int)(run += (unsigned)cur[3]);
			*(int4 *)(out + first) = q;
		} else {
#pragma unroll
			for (int i = 0; i < CJ_BSCAN_MAX_ITEMS; ++i) {
				run += (unsigned)cur[i];
				if (i < items && first + i < n)
					out[first + i] = (int)run;
			}
		}
		if (threadIdx.x == (7u * blockIdx.x + 13u * k) % blockDim.x)
			totals[(long long)blockIdx.x * tiles + k] = total;
		carry += (unsigned)total;
#pragma unroll
		for (int i = 0; i < CJ_BSCAN_MAX_ITEMS; ++i)
			cur[i] = next[i];
	}
}
#endif

CJ_DECLARE_KERNEL(cj_block_scan_kernel, "cj_block_scan_kernel",
                  (const int *in, int *out, int *totals, long long n, int items, int tiles));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	int items = (int)c->param[CJ_P_ITEMS], tiles = (int)c->param[CJ_P_TILES];
	long long seg = (long long)block * items * tiles;
	CJ_LAUNCH(cj_block_scan_kernel, (unsigned)((n + seg - 1) / seg), block, 0, stream,
	          (const int *)dev[CJ_B_IN], (int *)dev[CJ_B_OUT], (int *)dev[CJ_B_TOTALS], n,
	          items, tiles);
}
#endif
