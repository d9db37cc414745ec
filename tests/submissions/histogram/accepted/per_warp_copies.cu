// AC: a private histogram per warp in shared memory (few bins) or one per block (many), counted
// with shared-memory atomics, summed over the copies and merged with one global atomicAdd per bin.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[8192];
	const int warps = blockDim.x / 32;
	const int copies = nbins * warps <= 8192 ? warps : 1;
	unsigned *mine = local + (copies > 1 ? (threadIdx.x / 32) * nbins : 0);

	for (int w = threadIdx.x; w < nbins * copies; w += blockDim.x)
		local[w] = 0;
	__syncthreads();

	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		int v = data[i];
		if (v >= 0 && v < nbins)
			atomicAdd(&mine[v], 1u);
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
		unsigned total = 0;
		for (int c = 0; c < copies; ++c)
			total += local[c * nbins + b];
		if (total)
			atomicAdd(&bins[b], total);
	}
}
