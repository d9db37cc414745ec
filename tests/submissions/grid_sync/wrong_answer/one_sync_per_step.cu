// Mistake: a grid.sync() after computing b but none after copying it back: a fast block starts
// the next step on an `a` that slower blocks have not copied yet.
// expect-gpu: SKIP
// expect-emu: RACE (a block reads a neighbour's element that another block writes in the same
// step, with nothing ordering them)
// The emulator's race detector sees the copy of a neighbour's element and its read in the next
// step with no grid.sync() between them, every time (the values alone would be WA: the first
// thread reads its neighbours' old ones). A GPU shows it only when blocks drift apart by a step.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ void blur_steps(float *a, float *b, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();
	int first = (int)grid.thread_rank(), stride = (int)grid.size();
	for (int s = 0; s < steps; ++s) {
		for (int i = first; i < n; i += stride)
			b[i] = ((i > 0 ? a[i - 1] : 0.0f) + a[i] + (i + 1 < n ? a[i + 1] : 0.0f)) / 3.0f;
		grid.sync();
		for (int i = first; i < n; i += stride)
			a[i] = b[i];
	}
}
