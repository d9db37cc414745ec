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
extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
#include "common/static_smem_junk.cuh"

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
