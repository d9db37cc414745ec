// RACE (emulator): bins[v]++ straight into global memory, with no atomic: threads of every block
// load, add and store the same few counters, and the updates that overlap are lost.
// expect-gpu: WA
// report-says: with nothing ordering them
// On a GPU thousands of threads hit the same bins at once (every value in one bin, nine in ten in
// one bin), so counts go missing in every run; the emulator sees two threads update a bin with
// nothing ordering them.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		int v = data[i];
		if (v >= 0 && v < nbins)
			bins[v]++; /* not atomic */
	}
}
