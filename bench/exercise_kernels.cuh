/*
 * The timed case of each exercise that bench/cub_bench.cu knows, and the
 * kernels it runs on it: the reference's, and the CUB primitive (or a plain
 * copy) that does the same job in the same kernel shape. Read by
 * bench/cub_compare.py (reference against CUB) and bench/timing_accuracy.py
 * (the reference under Nsight Compute), both through bench/cub_bench.cu.
 *
 * The kernel shape is the judge's own, not a copy of it: each exercise's
 * launch glue (harness/problems/<id>/glue.cuh, its device and host parts,
 * as the emulator's single translation unit compiles it) is included once
 * per side (exercise_pair.cuh), each in a namespace of its own:
 *   <id>_pair::ref          after reference/<id>.cu, as the judge builds it;
 *   <id>_pair::counterpart  after a CUB stand-in for the learner's function
 *                           or, for transpose, smem_reverse and grid_stride,
 *                           whose learner writes the whole kernel, a plain
 *                           copy of the same bytes under the kernel's name;
 *   <id>_pair::also         (transpose, smem_reverse) a second copy that
 *                           measures where the reference's time goes.
 * All run the glue's kernel, with the glue's loads and stores, launched by
 * the glue's own cj_launch with the timed case's param[] (cases.c's row
 * "timed"; cub_compare.py passes the judge's own), and differ only in the
 * function the exercise is about.
 *
 * CUB's block primitives take the block size as a template argument: they
 * are built for the timed cases' block, cj_bench_block (256 threads in every
 * exercise here), and a case with another block is refused.
 */
#ifndef BENCH_EXERCISE_KERNELS_CUH
#define BENCH_EXERCISE_KERNELS_CUH

/* Everything the references and glues include, first and at file scope:
 * included again inside a namespace, their include guards make them empty. */
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/functional>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include <string>
#include <vector>

#include "flushed_timer.cuh" /* CHECK */
#include "glue.h"            /* harness/runtime: CJ_LAUNCH, CJ_DECLARE_KERNEL, cj_wire_case */

/* For exercise_pair.cuh and exercise_side.cuh: the paths and names they
 * make of BENCH_ID, and the name of a side's kernel. */
#define BENCH_STR(x) #x
#define BENCH_XSTR(x) BENCH_STR(x)
#define BENCH_CAT(a, b) a##b
#define BENCH_XCAT(a, b) BENCH_CAT(a, b)
#define BENCH_SIDE_KERNEL BENCH_XCAT(BENCH_XCAT(BENCH_ID, _), BENCH_XCAT(BENCH_SIDE, _kernel))

/* The block size of every timed case here, and of the CUB primitives. */
constexpr int cj_bench_block = 256;

/* A buffer of a timed case, in the order of the exercise's layout.h. */
struct bench_buf {
	const char *name;
	uint32_t elem, role; /* enum cj_elem, enum cj_role (wire.h) */
	long long count;     /* elements, 4 bytes each */
	double lo, hi; /* inputs (CJ_IN, CJ_INOUT): uniform in [lo, hi], whole numbers for ints */
};

static inline bench_buf bench_out(const char *name, uint32_t elem, long long count)
{
	return {name, elem, CJ_OUT, count, 0, 0};
}

/* By buffer, its elements as 32-bit words. */
typedef std::vector<std::vector<uint32_t>> bench_words;

/* Whether a run's outputs `got` are right for inputs `sent`; `ref` holds
 * the reference's outputs. *why says what is wrong. */
typedef bool (*bench_check)(const cj_wire_case &c, const std::vector<bench_buf> &bufs,
                            const bench_words &sent, const bench_words &got, const bench_words &ref,
                            std::string *why);

struct bench_variant {
	const char *name; /* "reference", or the counterpart: "cub::WarpReduce" */
	void (*launch)(const cj_wire_case *c, void *const dev[], cudaStream_t s);
	bench_check check = nullptr; /* nullptr: the same outputs as the reference's */
	const char *kernel = "";     /* the reference's kernel's name (Nsight Compute's filter) */
};

struct bench_exercise {
	const char *id;
	/* param[1..] of the timed case (cases.c); param[0] is n, problems.yaml's perf.n */
	std::vector<long long> params;
	/* The buffers of case c, and the parameters that follow from others (as
	 * cases.c sets them); nullptr, or why these kernels cannot run it. */
	const char *(*buffers)(cj_wire_case &c, std::vector<bench_buf> &bufs);
	std::vector<bench_variant> variants; /* [0]: the reference */
};

/* Whether each of the words of got is want(i), as elem: floats within
 * 1e-4 + 1e-5 |want| (sums added in another order), others exactly. */
template <class Want>
static bool bench_expect(const char *name, uint32_t elem, const std::vector<uint32_t> &got,
                         Want want, std::string *why)
{
	for (size_t i = 0; i < got.size(); ++i) {
		uint32_t w = want(i);
		float g, e;
		memcpy(&g, &got[i], 4);
		memcpy(&e, &w, 4);
		if (elem == CJ_F32 ? fabsf(g - e) <= 1e-4f + 1e-5f * fabsf(e) : got[i] == w)
			continue;
		char text[200];
		if (elem == CJ_F32)
			snprintf(text, sizeof text, "%s[%zu] is %.9g, expected %.9g", name, i, g,
			         e);
		else
			snprintf(text, sizeof text, "%s[%zu] is %d, expected %d", name, i,
			         (int)got[i], (int)w);
		*why = text;
		return false;
	}
	return true;
}

static inline uint32_t bench_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}

static inline float bench_float(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* The default check: every output the same as the reference's. */
static bool bench_same_as_reference(const cj_wire_case &, const std::vector<bench_buf> &bufs,
                                    const bench_words &, const bench_words &got,
                                    const bench_words &ref, std::string *why)
{
	for (size_t b = 0; b < bufs.size(); ++b) {
		auto want = [&](size_t i) { return ref[b][i]; };
		if (bufs[b].role != CJ_IN &&
		    !bench_expect(bufs[b].name, bufs[b].elem, got[b], want, why))
			return false;
	}
	return true;
}

/* Why a block-templated CUB primitive cannot run a case of `block` threads. */
static const char *bench_block_refused(long long block)
{
	return block == cj_bench_block ? nullptr
	                               : "the timed case's block is not cj_bench_block (256), "
	                                 "the block size CUB's primitives are built for here";
}

/* The temporary storage of CUB warp primitive P for the calling warp, one
 * per warp of a block (of at most 1024 threads), in shared memory. */
template <class P> __device__ typename P::TempStorage &bench_warp_storage()
{
	__shared__ typename P::TempStorage storage[32];
	return storage[threadIdx.x / 32];
}

/* The temporary storage of CUB block primitive P, in shared memory. */
template <class P> __device__ typename P::TempStorage &bench_block_storage()
{
	__shared__ typename P::TempStorage storage;
	return storage;
}

/* ======== The counterparts, each where exercise_pair.cuh looks for it. */

/* warp_reduce: cub::WarpReduce<float>::Sum, lane 0's result. */
namespace warp_reduce_pair::counterpart
{
using reduce = cub::WarpReduce<float>;
__device__ float warp_reduce_sum(float v)
{
	return reduce(bench_warp_storage<reduce>()).Sum(v);
}
} // namespace warp_reduce_pair::counterpart

/* warp_scan: cub::WarpScan<int>::InclusiveSum. */
namespace warp_scan_pair::counterpart
{
__device__ int warp_inclusive_scan(int v)
{
	int sum;
	cub::WarpScan<int>(bench_warp_storage<cub::WarpScan<int>>()).InclusiveSum(v, sum);
	return sum;
}
} // namespace warp_scan_pair::counterpart

/* warp_allreduce: cub::WarpReduce (Sum; Reduce with cuda::maximum), then lane
 * 0's result to every lane with one __shfl_sync. */
namespace warp_allreduce_pair::counterpart
{
using reduce = cub::WarpReduce<float>;
__device__ float warp_allreduce_sum(float v)
{
	return __shfl_sync(0xffffffffu, reduce(bench_warp_storage<reduce>()).Sum(v), 0);
}

__device__ float warp_allreduce_max(float v)
{
	float lane0 = reduce(bench_warp_storage<reduce>()).Reduce(v, cuda::maximum<>{});
	return __shfl_sync(0xffffffffu, lane0, 0);
}
} // namespace warp_allreduce_pair::counterpart

/* block_reduce_sum: cub::BlockReduce<float, 256>::Sum, thread 0's result;
 * the closing barrier is the contract's (a second call may follow at once),
 * as in the reference. */
namespace block_reduce_sum_pair::counterpart
{
__device__ float block_reduce_sum(float v)
{
	using reduce = cub::BlockReduce<float, cj_bench_block>;
	float sum = reduce(bench_block_storage<reduce>()).Sum(v);
	__syncthreads();
	return sum;
}
} // namespace block_reduce_sum_pair::counterpart

/* cg_reduce: cub::BlockReduce<float, 256>::Sum, then thread 0's result to
 * every thread through one shared slot: two barriers, as the reference's (a
 * second call writes the slot only after the barrier inside BlockReduce,
 * which every thread passes after reading the first). */
namespace cg_reduce_pair::counterpart
{
__device__ float cg_block_sum(cooperative_groups::thread_block block, float v)
{
	using reduce = cub::BlockReduce<float, cj_bench_block>;
	__shared__ float total;
	v = reduce(bench_block_storage<reduce>()).Sum(v);
	if (block.thread_rank() == 0)
		total = v;
	block.sync();
	return total;
}
} // namespace cg_reduce_pair::counterpart

/* block_scan: cub::BlockScan<int, 256>::InclusiveSum with the block's
 * aggregate; the closing barrier is the contract's (the glue calls it once
 * per tile), as in the reference. */
namespace block_scan_pair::counterpart
{
__device__ int block_inclusive_scan(int v, int *block_total)
{
	using scan = cub::BlockScan<int, cj_bench_block>;
	int sum;
	scan(bench_block_storage<scan>()).InclusiveSum(v, sum, *block_total);
	__syncthreads();
	return sum;
}
} // namespace block_scan_pair::counterpart

/* histogram: cub::BlockHistogram (atomic) over tiles of 256 x 16 values in
 * a grid-stride loop, which the contract leaves to the function; a value
 * outside [0, nbins) goes to one extra bin that is never merged
 * (BlockHistogram counts whatever it is given). Merged into bins[] with one
 * atomicAdd per block and bin, as the reference does. The timed case's 256
 * bins only. */
namespace histogram_pair::counterpart
{
constexpr int bins = 256, items = 16;
__device__ void histogram(const int *data, long long n, unsigned *out, int nbins)
{
	using block_histogram =
	        cub::BlockHistogram<int, cj_bench_block, items, bins + 1, cub::BLOCK_HISTO_ATOMIC>;
	__shared__ unsigned counts[bins + 1];
	block_histogram counter(bench_block_storage<block_histogram>());
	counter.InitHistogram(counts);
	__syncthreads();
	const long long tile = (long long)cj_bench_block * items;
	for (long long base = blockIdx.x * tile; base < n; base += gridDim.x * tile) {
		int v[items];
		if (base + tile <= n)
			cub::LoadDirectStriped<cj_bench_block>(threadIdx.x, data + base, v);
		else
			cub::LoadDirectStriped<cj_bench_block>(threadIdx.x, data + base, v,
			                                       (int)(n - base), -1);
#pragma unroll
		for (int i = 0; i < items; ++i)
			v[i] = (unsigned)v[i] < (unsigned)nbins ? v[i] : bins;
		counter.Composite(v, counts);
	}
	__syncthreads();
	for (int b = threadIdx.x; b < bins; b += blockDim.x)
		if (counts[b])
			atomicAdd(&out[b], counts[b]);
}
} // namespace histogram_pair::counterpart

/* transpose: a plain copy of in to out in the glue's launch (64 x 8 threads
 * per 64 x 64 tile): each thread reads the 8 elements the reference's
 * thread reads, all before its first store, and writes each where it was
 * in in; also, with kRefStores, where the reference's thread writes (the
 * tile's place in out, transposed as a whole, its elements not). */
template <bool kRefStores>
__device__ void bench_copy_tile(const float *in, float *out, int rows, int cols)
{
	const int x = blockIdx.x * 64 + threadIdx.x;
	const long long first = (long long)(blockIdx.y * 64 + threadIdx.y) * cols + x;
	const int left = rows - (int)blockIdx.y * 64 - (int)threadIdx.y; /* rows from mine */
	const int ox = blockIdx.y * 64 + threadIdx.x, oy = blockIdx.x * 64 + threadIdx.y;
	float v[8];
#pragma unroll
	for (int k = 0; k < 8; ++k)
		v[k] = x < cols && 8 * k < left ? in[first + 8LL * k * cols] : 0.0f;
#pragma unroll
	for (int k = 0; k < 8; ++k)
		if (!kRefStores && x < cols && 8 * k < left)
			out[first + 8LL * k * cols] = v[k];
		else if (kRefStores && ox < rows && oy + 8 * k < cols)
			out[(long long)(oy + 8 * k) * rows + ox] = v[k];
}

namespace transpose_pair::counterpart
{
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	bench_copy_tile<false>(in, out, rows, cols);
}
} // namespace transpose_pair::counterpart

namespace transpose_pair::also
{
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	bench_copy_tile<true>(in, out, rows, cols);
}
} // namespace transpose_pair::also

/* smem_reverse: a plain copy, out[i] = in[i], in the glue's launch (a thread
 * per element, blockDim.x ints of dynamic shared memory); also, with
 * kViaShared, through that shared memory as the reference's data goes (each
 * thread's element into its slot, a barrier, the slot back out), but to the
 * same place. */
extern __shared__ int bench_ints[];
template <bool kViaShared> __device__ void bench_copy_ints(const int *in, int *out, int n)
{
	const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	int v = i < n ? in[i] : 0;
	if (kViaShared) {
		bench_ints[threadIdx.x] = v;
		__syncthreads();
		v = bench_ints[threadIdx.x];
	}
	if (i < n)
		out[i] = v;
}

namespace smem_reverse_pair::counterpart
{
__global__ void reverse_array(const int *in, int *out, int n)
{
	bench_copy_ints<false>(in, out, n);
}
} // namespace smem_reverse_pair::counterpart

namespace smem_reverse_pair::also
{
__global__ void reverse_array(const int *in, int *out, int n)
{
	bench_copy_ints<true>(in, out, n);
}
} // namespace smem_reverse_pair::also

/* grid_stride: the same bytes, x and y read and y written, in the glue's
 * grid-stride launch, with no arithmetic but the add that keeps the read of
 * y: y[i] = x[i] + y[i], over float4s where x and y are 16-byte aligned (as
 * the reference), the last n % 4 elements one by one. */
static __device__ float bench_add(float a, float b)
{
	return a + b;
}

static __device__ float4 bench_add(float4 a, float4 b)
{
	return make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
}

/* y[i] = x[i] + y[i] for i < count, as the grid-stride loop deals them out. */
template <class V> __device__ void bench_add_strided(const V *x, V *y, long long count)
{
	const long long step = (long long)gridDim.x * blockDim.x;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count; i += step)
		y[i] = bench_add(x[i], y[i]);
}

namespace grid_stride_pair::counterpart
{
__global__ void saxpy_grid_stride(long long n, float, const float *x, float *y)
{
	const long long quads = ((uintptr_t)x | (uintptr_t)y) % 16 ? 0 : n / 4;
	bench_add_strided((const float4 *)x, (float4 *)y, quads);
	bench_add_strided(x + 4 * quads, y + 4 * quads, n - 4 * quads);
}
} // namespace grid_stride_pair::counterpart

/* ======== The pairs: each exercise's glue with its reference and with its
 * counterpart (exercise_pair.cuh). A glue's own extern "C" kernel gets a
 * name per side (BENCH_SIDE_KERNEL). */
#define BENCH_ID warp_reduce
#define cj_warp_reduce_kernel BENCH_SIDE_KERNEL
#define cj_warp_reduce_runs BENCH_XCAT(BENCH_SIDE_KERNEL, _runs) /* the timed case's */
#define BENCH_KERNEL cj_warp_reduce_runs
#include "exercise_pair.cuh"
#define BENCH_ID warp_scan
#define cj_warp_scan_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_warp_scan_kernel
#include "exercise_pair.cuh"
#define BENCH_ID warp_allreduce
#define cj_warp_allreduce_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_warp_allreduce_kernel
#include "exercise_pair.cuh"
#define BENCH_ID block_reduce_sum
#define cj_block_sum_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_block_sum_kernel
#include "exercise_pair.cuh"
#define BENCH_ID cg_reduce
#define cj_cg_reduce_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_cg_reduce_kernel
#include "exercise_pair.cuh"
#define BENCH_ID block_scan
#define cj_block_scan_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_block_scan_kernel
#include "exercise_pair.cuh"
#define BENCH_ID histogram
#define cj_histogram_kernel BENCH_SIDE_KERNEL
#define BENCH_KERNEL cj_histogram_kernel
#include "exercise_pair.cuh"
#define BENCH_ID transpose
#define BENCH_KERNEL transpose
#define BENCH_ALSO
#include "exercise_pair.cuh"
#define BENCH_ID smem_reverse
#define BENCH_KERNEL reverse_array
#define BENCH_ALSO
#include "exercise_pair.cuh"
#define BENCH_ID grid_stride
#define BENCH_KERNEL saxpy_grid_stride
#include "exercise_pair.cuh"

/* ======== The timed cases' buffers (as each exercise's cases.c makes
 * them), the other counterparts and the checks of the copies. */

namespace warp_reduce_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long n = c.param[CJ_P_N], runs = (n + 31) / 32;
	b = {{"x", CJ_F32, CJ_IN, n, -1, 1}, bench_out("sums", CJ_F32, runs * c.param[CJ_P_CALLS])};
	return nullptr;
}
} // namespace warp_reduce_pair

namespace warp_scan_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	b = {{"in", CJ_I32, CJ_IN, c.param[CJ_P_N], -100, 100},
	     bench_out("out", CJ_I32, c.param[CJ_P_N])};
	return nullptr;
}
} // namespace warp_scan_pair

namespace warp_allreduce_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long n = c.param[CJ_P_N];
	b = {{"x", CJ_F32, CJ_IN, n, -1, 1},
	     bench_out("sums", CJ_F32, n),
	     bench_out("maxs", CJ_F32, n)};
	return nullptr;
}
} // namespace warp_allreduce_pair

/* The buffers of block_reduce_sum and cg_reduce (common/block_sums.c): x, y
 * (n, or 1 with one call) and `copies` sums per block and call. Refused
 * unless the blocks are of cj_bench_block threads. */
static const char *bench_block_sums(const cj_wire_case &c, long long block, long long items,
                                    long long calls, long long copies, std::vector<bench_buf> &b)
{
	long long n = c.param[0], blocks = (n + block * items - 1) / (block * items);
	b = {{"x", CJ_F32, CJ_IN, n, 0, 1},
	     {"y", CJ_F32, CJ_IN, calls > 1 ? n : 1, -1, 1},
	     bench_out("sums", CJ_F32, blocks * calls * copies)};
	return bench_block_refused(block);
}

namespace block_reduce_sum_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	return bench_block_sums(c, c.param[CJ_P_BLOCK], c.param[CJ_P_ITEMS], c.param[CJ_P_CALLS], 1,
	                        b);
}
} // namespace block_reduce_sum_pair

namespace cg_reduce_pair
{
/* The CUB stand-in takes 1-D blocks. */
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long size = c.param[CJ_P_BLOCK];
	const char *refused =
	        bench_block_sums(c, size, c.param[CJ_P_ITEMS], c.param[CJ_P_CALLS], size, b);
	bool flat = c.param[CJ_P_BX] == size && c.param[CJ_P_BY] * c.param[CJ_P_BZ] == 1;
	return flat ? refused : "the CUB stand-in takes 1-D blocks only";
}
} // namespace cg_reduce_pair

namespace block_scan_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long n = c.param[CJ_P_N], tiles = c.param[CJ_P_TILES];
	long long segments = (n - 1) / (c.param[CJ_P_BLOCK] * c.param[CJ_P_ITEMS] * tiles) + 1;
	b = {{"in", CJ_I32, CJ_IN, n, -100000, 100000},
	     bench_out("out", CJ_I32, n),
	     bench_out("totals", CJ_I32, segments * tiles)};
	return bench_block_refused(c.param[CJ_P_BLOCK]);
}
} // namespace block_scan_pair

namespace histogram_pair
{
using counterpart::bins;
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	b = {{"data", CJ_I32, CJ_IN, c.param[CJ_P_N], 0, bins - 1},
	     {"bins", CJ_U32, CJ_INOUT, bins, 0, 0}};
	if (c.param[CJ_P_NBINS] != bins)
		return "the CUB stand-ins are built for the timed case's 256 bins";
	return bench_block_refused(c.param[CJ_P_BLOCK]);
}

/* cub::DeviceHistogram::HistogramEven on the same int values and bins, with
 * its own launches (device-wide: not the glue's shape; it zeroes the bins
 * first, which the timed case's bins are already). Its temporary storage is
 * allocated by the first call (the checked launch, never a timed one). */
static void device_histogram(const cj_wire_case *c, void *const dev[], cudaStream_t s)
{
	static void *temp;
	static size_t bytes;
	static long long sized_for = -1;
	const int *data = (const int *)dev[CJ_B_DATA];
	unsigned *out = (unsigned *)dev[CJ_B_BINS];
	long long n = c->param[CJ_P_N];
	if (sized_for != n) {
		CHECK(cudaFree(temp));
		CHECK(cub::DeviceHistogram::HistogramEven(nullptr, bytes, data, out, bins + 1, 0,
		                                          bins, n, s));
		CHECK(cudaMalloc(&temp, bytes));
		sized_for = n;
	}
	size_t have = bytes;
	CHECK(cub::DeviceHistogram::HistogramEven(temp, have, data, out, bins + 1, 0, bins, n, s));
}
} // namespace histogram_pair

namespace transpose_pair
{
/* The timed case is 8192 rows of as many columns as n allows (cases.c). */
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long rows = c.param[CJ_P_ROWS];
	if (c.param[CJ_P_COLS] <= 0)
		c.param[CJ_P_COLS] = c.param[CJ_P_N] / rows > 0 ? c.param[CJ_P_N] / rows : 1;
	c.param[CJ_P_N] = rows * c.param[CJ_P_COLS];
	b = {{"in", CJ_F32, CJ_IN, c.param[CJ_P_N], -1000, 1000},
	     bench_out("out", CJ_F32, c.param[CJ_P_N])};
	return nullptr;
}

/* What out must hold after the reference (kMoved 0: out[k][r] = in[r][k]),
 * the copy (1: out = in) or the copy to the reference's places (2: tile
 * (i, j) of in at tile (j, i) of out, not transposed; whole tiles only). */
template <int kMoved>
static bool moved(const cj_wire_case &c, const std::vector<bench_buf> &, const bench_words &sent,
                  const bench_words &got, const bench_words &, std::string *why)
{
	long long rows = c.param[CJ_P_ROWS], cols = c.param[CJ_P_COLS];
	const std::vector<uint32_t> &in = sent[CJ_B_IN];
	auto want = [&](size_t i) {
		long long r = (long long)i / rows, k = (long long)i % rows; /* out[r][k] */
		long long tiled = (k / 64 * 64 + r % 64) * cols + r / 64 * 64 + k % 64;
		return in[kMoved == 0 ? k * cols + r : kMoved == 1 ? (long long)i : tiled];
	};
	return bench_expect("out", CJ_F32, got[CJ_B_OUT], want, why);
}
} // namespace transpose_pair

namespace smem_reverse_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	long long n = c.param[CJ_P_N];
	b = {{"in", CJ_I32, CJ_IN, n, -1000000, 1000000}, bench_out("out", CJ_I32, n)};
	return nullptr;
}

/* out[n - 1 - i] = in[i], or, for the copies, out = in. */
template <bool kCopy>
static bool moved(const cj_wire_case &, const std::vector<bench_buf> &, const bench_words &sent,
                  const bench_words &got, const bench_words &, std::string *why)
{
	const std::vector<uint32_t> &in = sent[CJ_B_IN];
	auto want = [&](size_t i) { return in[kCopy ? i : in.size() - 1 - i]; };
	return bench_expect("out", CJ_I32, got[CJ_B_OUT], want, why);
}
} // namespace smem_reverse_pair

namespace grid_stride_pair
{
static const char *buffers(cj_wire_case &c, std::vector<bench_buf> &b)
{
	b = {{"x", CJ_F32, CJ_IN, c.param[CJ_P_N], -1, 1},
	     {"y", CJ_F32, CJ_INOUT, c.param[CJ_P_N], -1, 1}};
	return nullptr;
}

/* y = a x + y as the reference computes it (one fused multiply-add), or, for
 * the copy, x + y. */
template <bool kCopy>
static bool moved(const cj_wire_case &c, const std::vector<bench_buf> &, const bench_words &sent,
                  const bench_words &got, const bench_words &, std::string *why)
{
	float a = bench_float((uint32_t)c.param[CJ_P_A]);
	auto want = [&](size_t i) {
		float x = bench_float(sent[CJ_B_X][i]), y = bench_float(sent[CJ_B_Y][i]);
		return bench_bits(kCopy ? x + y : fmaf(a, x, y));
	};
	return bench_expect("y", CJ_F32, got[CJ_B_Y], want, why);
}
} // namespace grid_stride_pair

/* ======== Every exercise, in the order of the table cub_compare.py prints:
 * its id, param[1..] of its timed case, its buffers, and its variants, the
 * reference first (name, launch, check: none for the reference's outputs,
 * kernel name), then the counterparts (namespace counterpart, and also). */
/* clang-format off */
#define BENCH_REFERENCE(pair, check) {"reference", pair::ref::cj_launch, check, pair::ref::kernel_name}
#define BENCH_VARIANT(pair, side, name, check) {name, pair::side::cj_launch, check}
static const bench_exercise bench_exercises[] = {
	{"warp_reduce", {cj_bench_block, 1, 8}, warp_reduce_pair::buffers, {BENCH_REFERENCE(warp_reduce_pair, nullptr), BENCH_VARIANT(warp_reduce_pair, counterpart, "cub::WarpReduce", nullptr)}},
	{"warp_scan", {cj_bench_block, 1, 8}, warp_scan_pair::buffers, {BENCH_REFERENCE(warp_scan_pair, nullptr), BENCH_VARIANT(warp_scan_pair, counterpart, "cub::WarpScan", nullptr)}},
	{"warp_allreduce", {cj_bench_block, 1, 8}, warp_allreduce_pair::buffers, {BENCH_REFERENCE(warp_allreduce_pair, nullptr), BENCH_VARIANT(warp_allreduce_pair, counterpart, "cub::WarpReduce+shfl", nullptr)}},
	{"block_reduce_sum", {cj_bench_block, 16, 1}, block_reduce_sum_pair::buffers, {BENCH_REFERENCE(block_reduce_sum_pair, nullptr), BENCH_VARIANT(block_reduce_sum_pair, counterpart, "cub::BlockReduce", nullptr)}},
	{"cg_reduce", {cj_bench_block, cj_bench_block, 1, 1, 16, 1}, cg_reduce_pair::buffers, {BENCH_REFERENCE(cg_reduce_pair, nullptr), BENCH_VARIANT(cg_reduce_pair, counterpart, "cub::BlockReduce+smem", nullptr)}},
	{"block_scan", {cj_bench_block, 4, 8}, block_scan_pair::buffers, {BENCH_REFERENCE(block_scan_pair, nullptr), BENCH_VARIANT(block_scan_pair, counterpart, "cub::BlockScan", nullptr)}},
	{"histogram", {cj_bench_block, 0, histogram_pair::bins}, histogram_pair::buffers, {BENCH_REFERENCE(histogram_pair, nullptr), BENCH_VARIANT(histogram_pair, counterpart, "cub::BlockHistogram", nullptr), {"cub::DeviceHistogram", histogram_pair::device_histogram}}},
	{"transpose", {512, 8192, 0}, transpose_pair::buffers, {BENCH_REFERENCE(transpose_pair, transpose_pair::moved<0>), BENCH_VARIANT(transpose_pair, counterpart, "copy", transpose_pair::moved<1>), BENCH_VARIANT(transpose_pair, also, "copy to ref's places", transpose_pair::moved<2>)}},
	{"smem_reverse", {cj_bench_block}, smem_reverse_pair::buffers, {BENCH_REFERENCE(smem_reverse_pair, smem_reverse_pair::moved<false>), BENCH_VARIANT(smem_reverse_pair, counterpart, "copy", smem_reverse_pair::moved<true>), BENCH_VARIANT(smem_reverse_pair, also, "copy via smem+barrier", smem_reverse_pair::moved<true>)}},
	{"grid_stride", {132 * 8, cj_bench_block, 0x3fc00000 /* a = 1.5 */}, grid_stride_pair::buffers, {BENCH_REFERENCE(grid_stride_pair, grid_stride_pair::moved<false>), BENCH_VARIANT(grid_stride_pair, counterpart, "copy (y = x + y)", grid_stride_pair::moved<true>)}},
};
/* clang-format on */

#endif
