// WA: local[v]++ is a load, an add and a store: lanes hitting one bin together add 1 between them.
// expect-sanitize: RACE (racecheck sees lanes updating one shared bin with nothing ordering them)
// expect-emu: RACE (the emulator sees two threads update a bin with nothing ordering them)
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
			local[v]++; /* not atomic */
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
