// report-says: every block must finish writing a step before any block reads it
// RACE (emulator): no barrier between the steps: a block reads neighbours that another block is
// still writing, or has not written yet.
// expect-gpu: SKIP
// On a GPU the result depends on how far apart the blocks run (often WA, not always).
__device__ void blur_steps(float *a, float *b, int n, int steps)
{
	int first = blockIdx.x * blockDim.x + threadIdx.x, stride = gridDim.x * blockDim.x;
	for (int s = 0; s < steps; ++s) {
		for (int i = first; i < n; i += stride)
			b[i] = ((i > 0 ? a[i - 1] : 0.0f) + a[i] + (i + 1 < n ? a[i + 1] : 0.0f)) / 3.0f;
		for (int i = first; i < n; i += stride)
			a[i] = b[i];
	}
}
