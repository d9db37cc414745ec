// TLE: the grid-stride loop never advances i, so every thread counts its first value forever.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[4096];

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();

	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	while (i < n) {
		int v = data[i];
		if (v >= 0 && v < nbins)
			atomicAdd(&local[v], 1u);
		/* forgot: i += (long long)gridDim.x * blockDim.x; */
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
