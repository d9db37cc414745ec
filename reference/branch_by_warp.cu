/*
 * Reference for branch_by_warp: warps take elements of one parity. Global
 * warp w = 2p + q handles the 32 elements of parity q in [64p, 64p + 64):
 * lane l takes element 64p + 2l + q. Every warp runs one path only, and
 * each warp still reads and writes one 256-byte span (every other float).
 */
/* Given: harness/problems/branch_by_warp/given.cuh. */
__device__ float path_a(float v);
__device__ float path_b(float v);

__global__ void branch_by_warp(const float *x, float *y, int n)
{
	const int g = blockIdx.x * blockDim.x + threadIdx.x;
	const int warp = g / 32, lane = g % 32;
	const int parity = warp % 2;
	const int i = (warp / 2) * 64 + 2 * lane + parity;
	if (i < n)
		y[i] = parity == 0 ? path_a(x[i]) : path_b(x[i]);
}
