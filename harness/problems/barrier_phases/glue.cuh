/*
 * Launch glue for barrier_phases: block b loads its blockDim.x elements of in
 * into a shared tile (thread t owns tile[t]), initialises a block-scope
 * cuda::barrier for all its threads, and every thread calls
 * smooth_in_place(tile, steps, bar); the glue then writes the tile to out.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "barrier_phases/layout.h"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cuda/barrier>

#ifndef CJ_EMU
#pragma nv_diag_suppress static_var_with_dynamic_init
#endif

extern "C" __global__ void cj_phases_kernel(const float *in, float *out, int steps)
{
	__shared__ float cj_tile[1024];
	__shared__ cuda::barrier<cuda::thread_scope_block> cj_bar;
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (threadIdx.x == 0)
		init(&cj_bar, blockDim.x);
	cj_tile[threadIdx.x] = in[i];
	__syncthreads();
	smooth_in_place(cj_tile, steps, cj_bar);
	__syncthreads();
	out[i] = cj_tile[threadIdx.x];
}
#endif

CJ_DECLARE_KERNEL(cj_phases_kernel, "cj_phases_kernel", (const float *in, float *out, int steps));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[CJ_P_N];
	unsigned block = (unsigned)c->param[CJ_P_BLOCK];
	CJ_LAUNCH(cj_phases_kernel, cj_blocks_for(n, block), block, 0, stream,
	          (const float *)dev[CJ_B_IN], (float *)dev[CJ_B_OUT], (int)c->param[CJ_P_STEPS]);
}
#endif
