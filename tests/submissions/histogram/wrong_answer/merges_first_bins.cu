// WA: the merge uses one thread per bin, so with more bins than threads the upper bins stay empty.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[4096];

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();

	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		int v = data[i];
		if (v >= 0 && v < nbins)
			atomicAdd(&local[v], 1u);
	}
	__syncthreads();

	int b = threadIdx.x; /* should loop: for (b = threadIdx.x; b < nbins; b += blockDim.x) */
	if (b < nbins)
		atomicAdd(&bins[b], local[b]);
}
