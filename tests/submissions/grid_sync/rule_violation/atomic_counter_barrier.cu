// RULE: a hand-made grid barrier (an atomic counter and a spin) instead of grid.sync(). It works
// here only because the launch is cooperative; in an ordinary launch it deadlocks as soon as some
// blocks are not resident.
// expect-emu: SKIP
// The rule is checked on the GPU build.
__device__ unsigned arrived, passes;

// The last block to arrive resets the count and opens the barrier, so every
// launch (whatever its grid) starts from zero.
__device__ void grid_barrier()
{
	__syncthreads();
	if (threadIdx.x == 0) {
		volatile unsigned *open = &passes;
		unsigned before = *open;
		__threadfence();
		if (atomicAdd(&arrived, 1u) == gridDim.x - 1) {
			atomicExch(&arrived, 0u);
			__threadfence();
			atomicAdd(&passes, 1u);
		} else {
			while (*open == before)
				;
		}
		__threadfence();
	}
	__syncthreads();
}

__device__ void blur_steps(float *a, float *b, int n, int steps)
{
	int first = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
	for (int s = 0; s < steps; ++s) {
		for (int i = first; i < n; i += stride)
			b[i] = ((i > 0 ? a[i - 1] : 0.0f) + a[i] + (i + 1 < n ? a[i + 1] : 0.0f)) / 3.0f;
		grid_barrier();
		for (int i = first; i < n; i += stride)
			a[i] = b[i];
		grid_barrier();
	}
}
