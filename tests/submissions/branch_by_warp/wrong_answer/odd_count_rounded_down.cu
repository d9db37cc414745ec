/* Mistake: each parity gets n / 2 elements, which drops the last, even,
 * element when n is odd. */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	const int g = blockIdx.x * blockDim.x + threadIdx.x;
	const int warp = g / 32, lane = g % 32, parity = warp % 2;
	const int k = (warp / 2) * 32 + lane; /* the k-th element of this parity */
	if (k < n / 2) {
		int i = 2 * k + parity;
		y[i] = parity == 0 ? path_a(x[i]) : path_b(x[i]);
	}
}
