// RACE (emulator): one copy of the histogram per lane (bin b of lane l at local[b * 32 + l]),
// counted without atomics, as if no other thread used that copy: lane l of every warp of the
// block does.
// expect-gpu: WA
// expect-sanitize: RACE (racecheck sees warps update one shared counter with nothing ordering them)
// report-says: __shared__ variable `local`
// On a GPU the warps of a block run at the same time, and lane 5 of warp 0 and lane 5 of warp 1
// update the same counter of a hot bin: updates are lost whenever a case has many values in one
// bin.
__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[8192];
	const bool per_lane = nbins <= 256;
	const unsigned lane = per_lane ? threadIdx.x % 32 : 0, copies = per_lane ? 32 : 1;

	for (int w = threadIdx.x; w < nbins * (int)copies; w += blockDim.x)
		local[w] = 0;
	__syncthreads();

	long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
		int v = data[i];
		if (v >= 0 && v < nbins) {
			if (per_lane)
				local[v * 32 + lane]++; /* lane l of every warp shares this copy */
			else
				atomicAdd(&local[v], 1u);
		}
	}
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
		unsigned total = 0;
		for (unsigned c = 0; c < copies; ++c)
			total += local[b * copies + c];
		if (total)
			atomicAdd(&bins[b], total);
	}
}
