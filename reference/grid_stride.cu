/*
 * Reference for grid_stride: each thread starts at its global index and steps
 * by the size of the whole grid, so any grid covers any n exactly once, and
 * neighbouring threads touch neighbouring elements in every round (coalesced).
 */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	const long long stride = (long long)blockDim.x * gridDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
		y[i] = a * x[i] + y[i];
}
