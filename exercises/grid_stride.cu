/*
 * grid_stride: y[i] = a * x[i] + y[i] for every i < n, whatever the grid.
 *
 * The judge launches this kernel with a grid of its own choosing, usually far
 * fewer threads than elements, sometimes more. Each thread must handle
 * elements i, i + stride, i + 2 * stride, ... where stride is the number of
 * threads in the whole grid.
 *
 * Judge it with: python3 judge.py grid_stride
 */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	// TODO: a grid-stride loop over all n elements.
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
