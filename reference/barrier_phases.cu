/*
 * Reference for barrier_phases: two barrier phases per step. After reading
 * its neighbours a thread arrives (phase "reads done") and computes its new
 * value while the others are still reading; it waits before overwriting its
 * element, then arrives and waits again (phase "writes done") before the next
 * step reads.
 */
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	int t = threadIdx.x, n = blockDim.x;
	for (int s = 0; s < steps; ++s) {
		float left = t > 0 ? tile[t - 1] : 0.0f;
		float right = t + 1 < n ? tile[t + 1] : 0.0f;
		float mid = tile[t];
		auto reads_done = bar.arrive();
		float next = (left + mid + right) / 3.0f; /* overlaps the others' reads */
		bar.wait(cuda::std::move(reads_done));
		tile[t] = next;
		bar.arrive_and_wait();
	}
}
