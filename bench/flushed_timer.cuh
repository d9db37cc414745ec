/*
 * What the benchmarks under bench/ share: CHECK (a failed CUDA call names the
 * file, the line and the call, then exit status 2) and timing the way the
 * judge times a kernel (harness/runtime/run_cases.cu): warm-up runs, then
 * repetitions each preceded by an L2 flush (l2_flush.cuh: a read of twice
 * the L2's size), CUDA events around the call alone; several calls in turn, round
 * by round, as the judge times the learner's code and the reference.
 */
#pragma once

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "l2_flush.cuh"

#define CHECK(call)                                                                                \
	do {                                                                                       \
		cudaError_t err_ = (call);                                                         \
		if (err_ != cudaSuccess) {                                                         \
			std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,  \
			             cudaGetErrorString(err_));                                    \
			std::exit(2);                                                              \
		}                                                                                  \
	} while (0)

/* A stream, its events and the buffer that flushes the L2. */
struct flushed_timer {
	cudaStream_t s = 0;
	void *flush = nullptr;
	size_t flush_bytes = 0;
	cudaEvent_t start, stop;

	explicit flushed_timer(cudaStream_t stream) : s(stream)
	{
		CHECK(cj_l2_flush_buffer(&flush, &flush_bytes));
		CHECK(cudaEventCreate(&start));
		CHECK(cudaEventCreate(&stop));
	}
	~flushed_timer()
	{
		CHECK(cudaEventDestroy(start));
		CHECK(cudaEventDestroy(stop));
		CHECK(cudaFree(flush));
	}

	/* The times of reps rounds after warmup more, in milliseconds, each
	 * op's sorted: in every round each of the nops ops in turn, as the judge
	 * times the learner's code and the reference in turn (run_cases.cu,
	 * time_case): prepare(i) (outside the timing: the judge restores in-out
	 * buffers and poisons outputs there), the L2 flush, then CUDA events
	 * around op(i) alone, which launches on s. */
	template <class Prepare, class Op>
	std::vector<std::vector<float>> alternate_ms(int warmup, int reps, size_t nops,
	                                             Prepare prepare, Op op)
	{
		std::vector<std::vector<float>> ms(nops);
		for (int r = 0; r < warmup + reps; ++r)
			for (size_t i = 0; i < nops; ++i) {
				prepare(i);
				if (flush_bytes)
					CHECK(cj_l2_flush(flush, flush_bytes, s));
				CHECK(cudaEventRecord(start, s));
				op(i);
				CHECK(cudaGetLastError());
				CHECK(cudaEventRecord(stop, s));
				CHECK(cudaStreamSynchronize(s));
				float e = 0;
				CHECK(cudaEventElapsedTime(&e, start, stop));
				if (r >= warmup)
					ms[i].push_back(e);
			}
		for (std::vector<float> &m : ms)
			std::sort(m.begin(), m.end());
		return ms;
	}

	/* The times of reps runs of op() (which launches on s) after warmup
	 * more, in milliseconds, sorted. */
	template <class Op> std::vector<float> sorted_ms(int warmup, int reps, Op op)
	{
		return alternate_ms(
		        warmup, reps, 1, [](size_t) {}, [&](size_t) { op(); })[0];
	}
};

static inline double median_of_sorted(const std::vector<float> &ms)
{
	size_t m = ms.size();
	return m % 2 ? ms[m / 2] : (ms[m / 2 - 1] + ms[m / 2]) / 2.0;
}
