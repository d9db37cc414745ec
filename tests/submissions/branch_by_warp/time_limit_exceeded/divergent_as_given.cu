// expect-emu: AC
/* Mistake: the divergent baseline itself. The results are right, but every
 * warp runs both paths, so it is no faster than the baseline. The emulator
 * measures no speed, so it accepts the results. */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		if (i % 2 == 0)
			y[i] = path_a(x[i]);
		else
			y[i] = path_b(x[i]);
	}
}
