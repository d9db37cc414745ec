// AC: warp-aggregated counting: the lanes of a warp that hold the same value find each other with
// __match_any_sync, and one of them adds their number with a single shared atomicAdd.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[4096];

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();

	const unsigned lane = threadIdx.x % 32;
	long long stride = (long long)gridDim.x * blockDim.x;
	long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	/* every lane of the warp runs the same number of rounds, so each round's
	 * __match_any_sync names the whole warp */
	long long warp_first = first - lane;
	for (long long base = warp_first; base < n; base += stride) {
		long long i = base + lane;
		int v = i < n ? data[i] : -1;
		bool counted = v >= 0 && v < nbins;
		unsigned peers = __match_any_sync(0xffffffffu, counted ? v : -1);
		if (counted && lane == (unsigned)(__ffs(peers) - 1))
			atomicAdd(&local[v], (unsigned)__popc(peers));
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
