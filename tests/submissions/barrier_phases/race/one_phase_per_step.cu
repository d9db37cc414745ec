// RACE (emulator): one barrier per step, after the write: a thread may overwrite its element while
// its neighbour is still reading it for the same step.
// expect-gpu: SKIP
// expect-sanitize: RACE
// Under compute-sanitizer, racecheck follows cuda::barrier on sm_80+: a neighbour's read and the
// owner's write in one phase.
// Within a warp the reads usually come first, so a GPU is wrong only where warps drift apart; the
// emulator sees the unordered read and write every time.
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	int t = threadIdx.x, n = blockDim.x;
	for (int s = 0; s < steps; ++s) {
		float left = t > 0 ? tile[t - 1] : 0.0f;
		float right = t + 1 < n ? tile[t + 1] : 0.0f;
		tile[t] = (left + tile[t] + right) / 3.0f;
		bar.arrive_and_wait();
	}
}
