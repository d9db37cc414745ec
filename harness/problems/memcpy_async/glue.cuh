/*
 * Launch glue for memcpy_async: a grid-stride loop over tiles of `tile`
 * floats; for each tile every thread of the block calls
 *   reverse_tile(in + base, out + base, count, smem, bar)
 * with count = tile (less for the last tile), smem = `tile` floats of dynamic
 * shared memory, and a block-scope cuda::barrier initialised for all
 * blockDim.x threads. The same smem and bar serve every tile of a block.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "memcpy_async/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cuda/barrier>

#ifndef CJ_EMU
#pragma nv_diag_suppress static_var_with_dynamic_init
#endif

extern "C" __global__ void cj_tiles_kernel(const float *in, float *out, long long n, int tile)
{
	extern __shared__ float cj_smem[];
	__shared__ cuda::barrier<cuda::thread_scope_block> cj_bar;
	if (threadIdx.x == 0)
		init(&cj_bar, blockDim.x);
	__syncthreads();
	for (long long base = (long long)blockIdx.x * tile; base < n;
	     base += (long long)gridDim.x * tile) {
		int count = n - base < tile ? (int)(n - base) : tile;
		reverse_tile(in + base, out + base, count, cj_smem, cj_bar);
	}
}
#endif

CJ_DECLARE_KERNEL(cj_tiles_kernel, "cj_tiles_kernel",
                  (const float *in, float *out, long long n, int tile));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	int tile = (int)c->param[CJ_P_TILE];
	CJ_LAUNCH(cj_tiles_kernel, (unsigned)c->param[CJ_P_BLOCKS], (unsigned)c->param[CJ_P_BLOCK],
	          sizeof(float) * tile, stream, (const float *)dev[CJ_B_IN], (float *)dev[CJ_B_OUT],
	          c->param[CJ_P_N], tile);
}
#endif
