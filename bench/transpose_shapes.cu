/*
 * Which block and tile shape lets a shared-memory transpose come closest to
 * copy bandwidth: the transpose exercise's launch (64 x 8 threads per 64 x 64
 * tile, as harness/problems/transpose/glue.cuh fixes it) against other shapes, and
 * a plain copy of the same bytes, all in one run on the exercise's timed case
 * (8192 x 8192 floats). Medians of 20 repetitions, L2 flushed before each.
 * The exercise used 32 x 8 threads per 32 x 32 tile before: on an H200 that
 * shape moved 3487 GB/s and 64 x 8 per 64 x 64 moved 3772 GB/s, 83 % and 90 %
 * of the judge's copy bandwidth (4198 GB/s).
 *
 *   nvcc -O3 -arch=sm_90 -o build/transpose_shapes bench/transpose_shapes.cu
 *   build/transpose_shapes [ROWS COLS]
 * Each shape's output is checked element by element; exit 77 without a GPU.
 */
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "flushed_timer.cuh"

/* TILE x TILE tile per block of TILE x ROWS threads. */
template <int TILE, int ROWS>
__global__ void transpose_tile(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[TILE][TILE + 1];
	const int x = blockIdx.x * TILE + threadIdx.x, y0 = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
	for (int k = 0; k < TILE; k += ROWS)
		if (x < cols && y0 + k < rows)
			tile[threadIdx.y + k][threadIdx.x] = in[(long long)(y0 + k) * cols + x];
	__syncthreads();
	const int ox = blockIdx.y * TILE + threadIdx.x, oy0 = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
	for (int k = 0; k < TILE; k += ROWS)
		if (ox < rows && oy0 + k < cols)
			out[(long long)(oy0 + k) * rows + ox] = tile[threadIdx.x][threadIdx.y + k];
}

/* Two 32 x 32 tiles side by side per block of 32 x 8 threads. */
__global__ void transpose_two_tiles(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[2][32][33];
#pragma unroll
	for (int t = 0; t < 2; ++t) {
		const int x = (blockIdx.x * 2 + t) * 32 + threadIdx.x;
		const int y0 = blockIdx.y * 32 + threadIdx.y;
#pragma unroll
		for (int k = 0; k < 32; k += 8)
			if (x < cols && y0 + k < rows)
				tile[t][threadIdx.y + k][threadIdx.x] =
				        in[(long long)(y0 + k) * cols + x];
	}
	__syncthreads();
#pragma unroll
	for (int t = 0; t < 2; ++t) {
		const int ox = blockIdx.y * 32 + threadIdx.x;
		const int oy0 = (blockIdx.x * 2 + t) * 32 + threadIdx.y;
#pragma unroll
		for (int k = 0; k < 32; k += 8)
			if (ox < rows && oy0 + k < cols)
				out[(long long)(oy0 + k) * rows + ox] =
				        tile[t][threadIdx.x][threadIdx.y + k];
	}
}

__global__ void copy_floats(const float4 *in, float4 *out, long long n4)
{
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4;
	     i += (long long)gridDim.x * blockDim.x)
		out[i] = in[i];
}

/* out must be in transposed: every element compared. */
static bool transposed(const float *out, const std::vector<float> &in, int rows, int cols)
{
	std::vector<float> got((size_t)rows * cols);
	CHECK(cudaMemcpy(got.data(), out, got.size() * sizeof(float), cudaMemcpyDeviceToHost));
	for (int r = 0; r < rows; ++r)
		for (int c = 0; c < cols; ++c)
			if (got[(size_t)c * rows + r] != in[(size_t)r * cols + c])
				return false;
	return true;
}

int main(int argc, char **argv)
{
	int rows = argc > 2 ? std::atoi(argv[1]) : 8192,
	    cols = argc > 2 ? std::atoi(argv[2]) : 8192;
	size_t n = (size_t)rows * cols, bytes = n * sizeof(float);
	int sms = 0, devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		std::fprintf(stderr,
		             "transpose_shapes: no CUDA device: this benchmark needs a GPU\n");
		return 77;
	}
	CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
	flushed_timer timer(0);
	auto median_ms = [&](auto launch) {
		return (float)median_of_sorted(timer.sorted_ms(3, 20, launch));
	};
	float *in, *out;
	CHECK(cudaMalloc(&in, bytes));
	CHECK(cudaMalloc(&out, bytes));
	std::vector<float> host(n);
	for (size_t i = 0; i < n; ++i)
		host[i] = (float)(i % 1000003);
	CHECK(cudaMemcpy(in, host.data(), bytes, cudaMemcpyHostToDevice));

	const double moved = 2.0 * (double)bytes; /* read once, written once */
	float copy = median_ms([&] {
		copy_floats<<<sms * 8, 256>>>((const float4 *)in, (float4 *)out, (long long)n / 4);
	});
	std::printf("%dx%d floats; copy kernel %.4f ms = %.0f GB/s\n", rows, cols, copy,
	            moved / copy / 1e6);
	auto report = [&](const char *name, float ms) {
		bool ok = transposed(out, host, rows, cols);
		std::printf("%-42s %.4f ms  %5.0f GB/s  %5.1f %% of copy%s\n", name, ms,
		            moved / ms / 1e6, 100.0 * copy / ms, ok ? "" : "  WRONG RESULT");
		CHECK(cudaMemset(out, 0, bytes));
	};
	const dim3 tiles32((cols + 31) / 32, (rows + 31) / 32),
	        tiles64((cols + 63) / 64, (rows + 63) / 64);
	report("32x32 tile, 32x8 threads", median_ms([&] {
		       transpose_tile<32, 8><<<tiles32, dim3(32, 8)>>>(in, out, rows, cols);
	       }));
	report("32x32 tile, 32x16 threads", median_ms([&] {
		       transpose_tile<32, 16><<<tiles32, dim3(32, 16)>>>(in, out, rows, cols);
	       }));
	report("32x32 tile, 32x32 threads", median_ms([&] {
		       transpose_tile<32, 32><<<tiles32, dim3(32, 32)>>>(in, out, rows, cols);
	       }));
	report("64x64 tile, 64x8 threads (the exercise)", median_ms([&] {
		       transpose_tile<64, 8><<<tiles64, dim3(64, 8)>>>(in, out, rows, cols);
	       }));
	report("two 32x32 tiles, 32x8 threads", median_ms([&] {
		       transpose_two_tiles<<<dim3((cols + 63) / 64, (rows + 31) / 32),
		                             dim3(32, 8)>>>(in, out, rows, cols);
	       }));
	CHECK(cudaFree(in));
	CHECK(cudaFree(out));
	return 0;
}
