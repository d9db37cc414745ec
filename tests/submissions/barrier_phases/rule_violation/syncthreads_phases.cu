// RULE: correct phases, but with __syncthreads() instead of the barrier this exercise is about.
// expect-emu: SKIP
// The rule is checked on the GPU build (the compiled code's bar.sync).
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	int t = threadIdx.x, n = blockDim.x;
	for (int s = 0; s < steps; ++s) {
		float next = ((t > 0 ? tile[t - 1] : 0.0f) + tile[t] + (t + 1 < n ? tile[t + 1] : 0.0f)) /
		             3.0f;
		__syncthreads();
		tile[t] = next;
		__syncthreads();
	}
}
