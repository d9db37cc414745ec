/* Mistake: one element per thread, as if the grid always covered the data. */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}
