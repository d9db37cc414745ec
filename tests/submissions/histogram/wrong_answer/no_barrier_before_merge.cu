// WA: no __syncthreads() between the count and the merge: a thread adds local[b] into bins[b] as
// soon as its own values are counted, while other warps are still counting into that bin.
// expect-sanitize: WA|RACE (racecheck may also report the read of local[b] beside the atomics)
// On a GPU the warps of a block finish their share of the values at different times; on the
// emulator each thread counts and merges before the next one has counted. Either way the late
// counts never reach bins[].
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
	/* missing: __syncthreads(); */

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
