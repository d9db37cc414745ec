// AC: the plain form: read, arrive_and_wait, write, arrive_and_wait. Correct; the split form only
// lets the computation overlap the wait.
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	int t = threadIdx.x, n = blockDim.x;
	for (int s = 0; s < steps; ++s) {
		float next = ((t > 0 ? tile[t - 1] : 0.0f) + tile[t] + (t + 1 < n ? tile[t + 1] : 0.0f)) /
		             3.0f;
		bar.arrive_and_wait();
		tile[t] = next;
		bar.arrive_and_wait();
	}
}
