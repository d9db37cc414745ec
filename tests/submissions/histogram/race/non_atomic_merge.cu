// RACE (emulator): the shared counts are right, but each block adds them into bins[] with a plain
// +=: blocks that finish together overwrite each other's sums.
// expect-gpu: WA
// report-says: with nothing ordering them
// On a GPU the blocks of a case run at the same time and finish their counts within a few
// microseconds of each other, so the read-add-write of bins[b] by one block overlaps another's;
// on the emulator the blocks run in turn, and the race detector sees the two blocks' updates of
// one bin with nothing ordering them.
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

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		bins[b] += local[b]; /* not atomic: other blocks add to the same bin */
}
