/*
 * Launch glue for barrier_phases: block b loads its blockDim.x elements of in
 * into a shared tile (thread t owns tile[t]), initialises a block-scope
 * cuda::barrier for all its threads, and every thread calls
 * smooth_in_place(tile, steps, bar); the glue then writes the tile to out.
 *   param[0] n (a multiple of block)   param[1] block   param[2] steps
 *   buffers  0 in (float, n)   1 out (float, n)
 */

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
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	CJ_LAUNCH(cj_phases_kernel, cj_blocks_for(n, block), block, 0, stream,
	          (const float *)dev[0], (float *)dev[1], (int)c->param[2]);
}
#endif
