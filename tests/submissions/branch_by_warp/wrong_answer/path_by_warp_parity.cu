/* Mistake: the path chosen by the warp's parity while each thread keeps its
 * own element: fast, but half the elements get the wrong path. */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		if ((i / 32) % 2 == 0)
			y[i] = path_a(x[i]);
		else
			y[i] = path_b(x[i]);
	}
}
