// WA: each block stores its own counts into bins[] instead of adding them: the last block wins.
// expect-emu: RACE (the emulator sees two blocks write a bin with nothing ordering them)
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
		bins[b] = local[b];
}
