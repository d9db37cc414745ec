// RACE (emulator): the thread arrives after reading but never waits on that phase's token before
// writing, so the write can overtake a neighbour's read.
// expect-gpu: SKIP
// expect-sanitize: RACE
// Under compute-sanitizer, racecheck follows cuda::barrier on sm_80+: an arrive without its wait
// orders nothing.
// The arrival counts stay balanced, so nothing hangs; a GPU shows the mixed steps only by chance.
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	int t = threadIdx.x, n = blockDim.x;
	for (int s = 0; s < steps; ++s) {
		float left = t > 0 ? tile[t - 1] : 0.0f;
		float right = t + 1 < n ? tile[t + 1] : 0.0f;
		float mid = tile[t];
		(void)bar.arrive();
		tile[t] = (left + mid + right) / 3.0f;
		bar.arrive_and_wait();
	}
}
