/* Mistake: the stride computed from blockIdx.x instead of gridDim.x; in block
 * 0 it is zero, so those threads never leave the loop. */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	const long long stride = (long long)blockDim.x * blockIdx.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
		y[i] = a * x[i] + y[i];
}
