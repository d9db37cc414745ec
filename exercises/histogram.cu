/*
 * histogram: count how many values fall in each bin.
 *
 * Every thread of the grid calls histogram once, with the same arguments. For
 * each of the n values v in data with 0 <= v < nbins, bins[v] must grow by 1;
 * values outside that range are ignored, and bins already holds counts that
 * must be kept. The grid may have fewer threads than there are values.
 * blockDim.x is a multiple of 32 (at most 1024) and nbins is at most 4096.
 *
 * Judge it with: python3 judge.py histogram
 */
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	// TODO: count every value (the grid may be smaller than n), with atomic updates; a private
	// histogram per block in shared memory is much faster than atomics on bins[] alone.
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && data[i] >= 0 && data[i] < nbins)
		bins[data[i]]++;
}
