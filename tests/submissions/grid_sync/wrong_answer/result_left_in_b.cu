// WA: ping-pong between a and b, but after an odd number of steps the result stays in b.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ void blur_steps(float *a, float *b, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();
	int first = (int)grid.thread_rank(), stride = (int)grid.size();
	float *from = a, *to = b;
	for (int s = 0; s < steps; ++s) {
		for (int i = first; i < n; i += stride)
			to[i] = ((i > 0 ? from[i - 1] : 0.0f) + from[i] + (i + 1 < n ? from[i + 1] : 0.0f)) /
			        3.0f;
		grid.sync();
		float *t = from;
		from = to;
		to = t;
	}
}
