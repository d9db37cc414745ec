/*
 * Reference for histogram: one private histogram per block in shared memory,
 * merged into bins[] with one global atomicAdd per block and bin.
 *
 * Counting: a grid-stride loop reads the data as int4 (four values per load)
 * with four loads in flight per thread, and adds each value with a
 * shared-memory atomicAdd. With few bins (at most 256) every lane of a warp
 * gets its own copy of the histogram, interleaved so that copy `lane` of bin b
 * sits at [b * 32 + lane]: the 32 lanes of one atomic instruction then always
 * hit 32 different banks and never the same address, whatever the data. With
 * more bins the block shares a single copy.
 *
 * Values outside [0, nbins) are skipped by one unsigned comparison.
 */
#include <stdint.h>

#define HIST_WORDS 8192 /* 32 KiB of shared memory: 256 bins x 32 lanes, or 4096 bins */

template <bool kPerLane>
static __device__ __forceinline__ void count_one(unsigned *local, int value, unsigned nbins,
                                                 unsigned lane)
{
	if ((unsigned)value < nbins)
		atomicAdd(&local[kPerLane ? (unsigned)value * 32 + lane : (unsigned)value], 1u);
}

template <bool kPerLane>
static __device__ __forceinline__ void count_four(unsigned *local, int4 q, unsigned nbins,
                                                  unsigned lane)
{
	count_one<kPerLane>(local, q.x, nbins, lane);
	count_one<kPerLane>(local, q.y, nbins, lane);
	count_one<kPerLane>(local, q.z, nbins, lane);
	count_one<kPerLane>(local, q.w, nbins, lane);
}

template <bool kPerLane>
static __device__ void count_all(const int *data, long long n, unsigned *local, unsigned nbins)
{
	const unsigned lane = threadIdx.x & 31;
	const long long stride = (long long)gridDim.x * blockDim.x;
	const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	long long done = 0; /* values [0, done) are handled by the vector loops */

	if (((uintptr_t)data & 15) == 0) {
		const int4 *d4 = (const int4 *)data;
		const long long n4 = n / 4;
		long long i = first;
		for (; i + 3 * stride < n4; i += 4 * stride) {
			const int4 a = __ldcs(d4 + i);
			const int4 b = __ldcs(d4 + i + stride);
			const int4 c = __ldcs(d4 + i + 2 * stride);
			const int4 d = __ldcs(d4 + i + 3 * stride);
			count_four<kPerLane>(local, a, nbins, lane);
			count_four<kPerLane>(local, b, nbins, lane);
			count_four<kPerLane>(local, c, nbins, lane);
			count_four<kPerLane>(local, d, nbins, lane);
		}
		for (; i < n4; i += stride)
			count_four<kPerLane>(local, __ldcs(d4 + i), nbins, lane);
		done = n4 * 4;
	}
	for (long long i = done + first; i < n; i += stride)
		count_one<kPerLane>(local, data[i], nbins, lane);
}

__device__ void histogram(const int *data, long long n, unsigned *bins, int nbins)
{
	__shared__ unsigned local[HIST_WORDS];
	const bool per_lane = nbins * 32 <= HIST_WORDS;
	const int words = per_lane ? nbins * 32 : nbins;

	for (int w = threadIdx.x; w < words; w += blockDim.x)
		local[w] = 0;
	__syncthreads();

	if (per_lane)
		count_all<true>(data, n, local, (unsigned)nbins);
	else
		count_all<false>(data, n, local, (unsigned)nbins);
	__syncthreads();

	for (int b = threadIdx.x; b < nbins; b += blockDim.x) {
		unsigned total;
		if (per_lane) {
			/* Neighbouring threads read neighbouring banks: start at copy b % 32. */
			total = 0;
			for (int j = 0; j < 32; ++j)
				total += local[b * 32 + ((b + j) & 31)];
		} else {
			total = local[b];
		}
		if (total)
			atomicAdd(&bins[b], total);
	}
}
