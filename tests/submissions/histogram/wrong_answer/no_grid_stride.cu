// WA: one value per thread and no grid-stride loop: values past gridDim.x * blockDim.x are skipped.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[4096];

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();

	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && data[i] >= 0 && data[i] < nbins)
		atomicAdd(&local[data[i]], 1u);
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
