// expect-emu: AC
/* Mistake: "no branch" by computing both paths and selecting one. The warp
 * no longer diverges, but every thread does the work of both paths. */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		float a = path_a(x[i]), b = path_b(x[i]);
		y[i] = i % 2 == 0 ? a : b;
	}
}
