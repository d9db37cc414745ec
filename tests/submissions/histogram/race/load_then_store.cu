// RACE (emulator): the shared count is read into a register, incremented and stored back, a load
// and a store that another thread's can fall between.
// expect-gpu: WA
// expect-sanitize: RACE (racecheck sees threads update one shared bin with nothing ordering them)
// report-says: __shared__ variable `local`
// On a GPU the lanes of a warp that see the same value all read the same count and all store
// count + 1: every case with repeated values loses updates.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[4096];

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		local[b] = 0;
	__syncthreads();

	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		int v = data[i];
		if (v >= 0 && v < nbins) {
			unsigned count = local[v];
			local[v] = count + 1;
		}
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x)
		if (local[b] > 0)
			atomicAdd(&bins[b], local[b]);
}
