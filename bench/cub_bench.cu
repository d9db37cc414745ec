/*
 * CUB's equivalents of three references, timed the way the judge times a
 * kernel (bench/flushed_timer.cuh): warm-up launches, then repetitions each
 * after an L2 flush, the median of the repetitions.
 *
 *   cub_bench REDUCE_N HISTOGRAM_N SCAN_N [REPS] [WARMUP]
 *
 * Prints one JSON object per line: {"op", "n", "median_ms", "min_ms",
 * "max_ms", "reps"}. Exit status 0; 77 without a CUDA device; 2 on a CUDA
 * error (the message names the file, the line and the call). Called by
 * bench/cub_compare.py.
 */
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "flushed_timer.cuh"

/* Inputs like the judge's timed cases: floats in [0, 1), ints in
 * [-100000, 100000], histogram samples uniform over 256 bins. */
__global__ void fill_inputs(float *f, int *scan_in, int *samples, long long n)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n;
	     i += (long long)gridDim.x * blockDim.x) {
		unsigned h = (unsigned)(i * 2654435761u) ^ (unsigned)(i >> 32);
		h ^= h >> 15;
		h *= 2246822519u;
		h ^= h >> 13;
		f[i] = (h & 0xffffff) / 16777216.0f;
		scan_in[i] = (int)(h % 200001u) - 100000;
		samples[i] = (int)(h >> 24);
	}
}

/* Times op() like the judge and prints its line. */
template <class Op>
static void time_op(flushed_timer &t, const char *name, long long n, int reps, int warmup, Op op)
{
	std::vector<float> ms = t.sorted_ms(warmup, reps, [&] { CHECK(op()); });
	std::printf("{\"op\":\"%s\",\"n\":%lld,\"median_ms\":%.6f,\"min_ms\":%.6f,\"max_ms\":%.6f,"
	            "\"reps\":%zu}\n",
	            name, n, median_of_sorted(ms), ms.front(), ms.back(), ms.size());
	std::fflush(stdout);
}

int main(int argc, char **argv)
{
	if (argc < 4) {
		std::fprintf(stderr,
		             "usage: cub_bench REDUCE_N HISTOGRAM_N SCAN_N [REPS] [WARMUP]\n");
		return 2;
	}
	long long n_reduce = std::atoll(argv[1]), n_hist = std::atoll(argv[2]),
	          n_scan = std::atoll(argv[3]);
	int reps = argc > 4 ? std::atoi(argv[4]) : 20, warmup = argc > 5 ? std::atoi(argv[5]) : 3;
	if (n_reduce <= 0 || n_hist <= 0 || n_scan <= 0 || reps <= 0 || warmup < 0) {
		std::fprintf(stderr, "cub_bench: sizes and REPS must be positive\n");
		return 2;
	}
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		std::fprintf(stderr, "cub_bench: no CUDA device\n");
		return 77;
	}
	long long n = std::max(n_reduce, std::max(n_hist, n_scan));
	cudaStream_t stream;
	CHECK(cudaStreamCreate(&stream));
	flushed_timer t(stream);

	float *f = nullptr, *sum = nullptr;
	int *scan_in = nullptr, *scan_out = nullptr, *samples = nullptr, *bins = nullptr;
	CHECK(cudaMalloc(&f, n * sizeof *f));
	CHECK(cudaMalloc(&sum, sizeof *sum));
	CHECK(cudaMalloc(&scan_in, n * sizeof *scan_in));
	CHECK(cudaMalloc(&scan_out, n * sizeof *scan_out));
	CHECK(cudaMalloc(&samples, n * sizeof *samples));
	CHECK(cudaMalloc(&bins, 256 * sizeof *bins));
	fill_inputs<<<1024, 256, 0, t.s>>>(f, scan_in, samples, n);
	CHECK(cudaGetLastError());
	CHECK(cudaStreamSynchronize(t.s));

	/* One temporary buffer, as large as the largest need. */
	size_t need_reduce = 0, need_hist = 0, need_scan = 0;
	CHECK(cub::DeviceReduce::Sum(nullptr, need_reduce, f, sum, n_reduce, t.s));
	CHECK(cub::DeviceHistogram::HistogramEven(nullptr, need_hist, samples, bins, 257, 0, 256,
	                                          n_hist, t.s));
	CHECK(cub::DeviceScan::InclusiveSum(nullptr, need_scan, scan_in, scan_out, n_scan, t.s));
	size_t temp_bytes = std::max(need_reduce, std::max(need_hist, need_scan));
	void *temp = nullptr;
	CHECK(cudaMalloc(&temp, temp_bytes));

	time_op(t, "DeviceReduce::Sum", n_reduce, reps, warmup, [&] {
		size_t b = need_reduce;
		return cub::DeviceReduce::Sum(temp, b, f, sum, n_reduce, t.s);
	});
	time_op(t, "DeviceHistogram::HistogramEven", n_hist, reps, warmup, [&] {
		size_t b = need_hist;
		return cub::DeviceHistogram::HistogramEven(temp, b, samples, bins, 257, 0, 256,
		                                           n_hist, t.s);
	});
	time_op(t, "DeviceScan::InclusiveSum", n_scan, reps, warmup, [&] {
		size_t b = need_scan;
		return cub::DeviceScan::InclusiveSum(temp, b, scan_in, scan_out, n_scan, t.s);
	});

	CHECK(cudaFree(temp));
	CHECK(cudaFree(bins));
	CHECK(cudaFree(samples));
	CHECK(cudaFree(scan_out));
	CHECK(cudaFree(scan_in));
	CHECK(cudaFree(sum));
	CHECK(cudaFree(f));
	CHECK(cudaStreamDestroy(stream)); /* t frees its own buffer and events */
	return 0;
}
