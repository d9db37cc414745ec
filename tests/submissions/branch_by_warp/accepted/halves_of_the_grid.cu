/* Also correct: the first half of the grid takes the even elements, the
 * second half the odd ones (the half is a multiple of 32, so no warp mixes). */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	const int g = blockIdx.x * blockDim.x + threadIdx.x;
	const int half = gridDim.x * blockDim.x / 2;
	if (g < half) {
		int i = 2 * g;
		if (i < n)
			y[i] = path_a(x[i]);
	} else {
		int i = 2 * (g - half) + 1;
		if (i < n)
			y[i] = path_b(x[i]);
	}
}
