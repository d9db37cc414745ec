/* Mistake: `i <= n` writes one element past the end of y. */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	const long long stride = (long long)blockDim.x * gridDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i <= n; i += stride)
		y[i] = a * x[i] + y[i];
}
