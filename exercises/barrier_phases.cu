/*
 * barrier_phases: update a shared tile in place, step after step, with a
 * cuda::barrier separating the phases of each step.
 *
 * Every thread of a block calls smooth_in_place; thread t owns tile[t] and
 * the tile has blockDim.x elements. One step replaces every tile[t] by
 * (tile[t-1] + tile[t] + tile[t+1]) / 3.0f, all from the values before the
 * step; tile[-1] and tile[blockDim.x] count as 0. bar is initialised for all
 * blockDim.x threads. Use it (arrive() / wait(), or arrive_and_wait()) to
 * keep the steps apart.
 *
 * Judge it with: python3 judge.py barrier_phases
 */
#include <cuda/barrier>

__device__ void smooth_in_place(float *tile, int steps,
                                cuda::barrier<cuda::thread_scope_block> &bar)
{
	// TODO: for each step, read the neighbours, wait until every thread has
	// read, write the new value, wait until every thread has written.
}
