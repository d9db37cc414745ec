/* Also correct, though slower: each thread takes one contiguous chunk of
 * ceil(n / threads) elements instead of striding (reads are not coalesced). */
__global__ void saxpy_grid_stride(long long n, float a, const float *x, float *y)
{
	long long threads = (long long)blockDim.x * gridDim.x;
	long long chunk = (n + threads - 1) / threads;
	long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	for (long long i = t * chunk; i < (t + 1) * chunk && i < n; ++i)
		y[i] = a * x[i] + y[i];
}
