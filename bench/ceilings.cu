/*
 * The ceilings behind problems.yaml `perf`: for each exercise whose reference
 * sits far below copy bandwidth, its timed case (perf.n, the launch of the
 * timed row in cases.c and the glue's cj_launch) timed the judge's way
 * (flushed_timer: 3 warm-up runs, 20 repetitions, L2 flushed before each,
 * CUDA events, median), with
 *   reference  the reference solution in the glue's launch: it should agree
 *              with the judge's own measurement of reference/<id>.cu;
 *   roofline   the glue's launch and access pattern with the learner's part
 *              reduced to the cheapest code that moves the same bytes and
 *              keeps the barriers, atomics and grid syncs the work needs;
 *   what-if    a changed shape (chunks, block size, elements per thread,
 *              grid, size) or a dropped synchronisation: whether the glue's
 *              shape, not the work, is what caps the speed.
 * The glues' device code and the references are compiled in here as they
 * are (each in a namespace of its own, CJ_MODULE: device parts only); the
 * host launches mirror each glue's cj_launch.
 *
 * One JSON object a line: exercise, variant, n, bytes (perf.n *
 * perf.bytes_per_elem, what the judge counts), median_ms, min_ms, max_ms,
 * gbps and pct_of_copy, the share of the copy bandwidth measured first the
 * way cj-probe measures the judge's copy_gbps (harness/runtime/probe.cu).
 *
 *   nvcc -std=c++17 -O3 -arch=sm_90 -Iharness/runtime -Iharness/problems \
 *        -o build/bench/ceilings-sm90 bench/ceilings.cu
 *   build/bench/ceilings-sm90 [EXERCISE...]   (--cc: the device's compute capability)
 * bench/ceilings.py builds and runs it and prints a table. Exit 77 without a GPU.
 */
#include <cooperative_groups.h>
#include <cuda/atomic>
#include <cuda/barrier>
#include <stdint.h>

#include <chrono>
#include <climits>
#include <cmath>
#include <cstring>
#include <string>
#include <type_traits>

#include "flushed_timer.cuh"

#define CJ_MODULE 1 /* the glues' device parts; their host launches are mirrored below */
#include "glue.h"
/* Headers the glues include, at file scope once, so that every namespace
 * below that includes a glue again finds them. */
#include "common/coresident.cuh"
#include "common/warp_runs.cuh"
extern __shared__ __align__(16) unsigned char cj_dynamic_smem[];
#include "common/static_smem_junk.cuh"

namespace cg = cooperative_groups;

/* Which cheap learner part a roofline namespace's function takes, for those
 * that have several (set_mode). One kernel serves them all, so its registers
 * (and the blocks the occupancy API lets a glue launch) are those of its
 * largest part: kept at or below the reference's glue where it matters. */
__constant__ int roof_mode;

/* use(k, load(k)) for k = first, first + step, ... below count, U loads in
 * flight (all issued before the first use): a strided loop the compiler
 * would otherwise run one load at a time. */
template <int U, class T, class I, class Load, class Use>
__device__ void in_batches(I first, I count, I step, Load load, Use use)
{
	for (I k = first; k < count; k += U * step) {
		T v[U];
#pragma unroll
		for (int u = 0; u < U; ++u)
			if (k + u * step < count)
				v[u] = load(k + u * step);
#pragma unroll
		for (int u = 0; u < U; ++u)
			if (k + u * step < count)
				use(k + u * step, v[u]);
	}
}

/* The largest of the float4s v[q], v[q + step], ... below `quads`, four loads
 * in flight: the cheapest use of a stream of loads the compiler cannot drop. */
__device__ float max_of_quads(const float4 *v, long long q, long long quads, long long step)
{
	float m = -INFINITY;
	in_batches<4, float4>(
	        q, quads, step, [&](long long k) { return v[k]; },
	        [&](long long, float4 r) {
		        m = fmaxf(m, fmaxf(fmaxf(r.x, r.y), fmaxf(r.z, r.w)));
	        });
	return m;
}

/* ---- the glues with their references, and with the cheapest learner parts ---- */

namespace smem_reverse_ref
{
#include "../reference/smem_reverse.cu"
}
namespace shared_reduce_ref
{
#include "../reference/shared_reduce.cu"
}
namespace grid_stride_ref
{
#include "../reference/grid_stride.cu"
}
namespace transpose_ref
{
#include "../reference/transpose.cu"
}
namespace event_dependency_ref
{
#include "../reference/event_dependency.cu"
#include "event_dependency/given.cuh" /* the kernels the reference launches */
} // namespace event_dependency_ref

namespace warp_reduce_ref
{
#include "../reference/warp_reduce.cu"
#include "warp_reduce/glue.cuh"
} // namespace warp_reduce_ref
namespace warp_reduce_roof
{
/* One ballot: lane 0 stores something that depends on every lane's value. */
__device__ float warp_reduce_sum(float v)
{
	return (float)__ballot_sync(0xffffffffu, v > 0.0f);
}
#define cj_warp_reduce_kernel warp_reduce_roof8
#define cj_warp_reduce_runs warp_reduce_roof8_runs
#include "warp_reduce/glue.cuh"
#undef cj_warp_reduce_kernel
#undef cj_warp_reduce_runs
} // namespace warp_reduce_roof
namespace warp_reduce_shuffles
{
/* The five exchanges that any sum across 32 lanes needs (log2 32 rounds; a
 * shuffle each, as the rules ask), without the adds: lane 0 ends with some
 * lane's value. */
__device__ float warp_reduce_sum(float v)
{
#pragma unroll
	for (int d = 16; d > 0; d /= 2)
		v = __shfl_xor_sync(0xffffffffu, v, d);
	return v;
}
#define cj_warp_reduce_kernel warp_reduce_shuffles8
#define cj_warp_reduce_runs warp_reduce_shuffles8_runs
#include "warp_reduce/glue.cuh"
#undef cj_warp_reduce_kernel
#undef cj_warp_reduce_runs
} // namespace warp_reduce_shuffles
namespace warp_reduce_roof16
{
using warp_reduce_roof::warp_reduce_sum;
#undef CJ_REDUCE_MAX_CHUNKS
#define CJ_REDUCE_MAX_CHUNKS 16 /* what if the glue loaded 16 runs a warp */
#define cj_warp_reduce_kernel warp_reduce_roof16
#define cj_warp_reduce_runs warp_reduce_roof16_runs
#include "warp_reduce/glue.cuh"
#undef cj_warp_reduce_kernel
#undef cj_warp_reduce_runs
} // namespace warp_reduce_roof16

namespace warp_scan_ref
{
#include "../reference/warp_scan.cu"
#include "warp_scan/glue.cuh"
} // namespace warp_scan_ref
namespace warp_scan_roof
{
__device__ int warp_inclusive_scan(int v) /* the glue's loads and stores alone */
{
	return v;
}
#define cj_warp_scan_kernel warp_scan_roof8
#include "warp_scan/glue.cuh"
#undef cj_warp_scan_kernel
} // namespace warp_scan_roof
namespace warp_scan_roof16
{
using warp_scan_roof::warp_inclusive_scan;
#undef CJ_SCAN_MAX_CHUNKS
#define CJ_SCAN_MAX_CHUNKS 16
#define cj_warp_scan_kernel warp_scan_roof16
#include "warp_scan/glue.cuh"
#undef cj_warp_scan_kernel
} // namespace warp_scan_roof16

/* The reference (one ballot, a popc, the kept lanes' stores) is the cheapest
 * compaction there is: only the glue's chunks change. */
namespace warp_compact_ref
{
#include "../reference/warp_compact.cu"
#include "warp_compact/glue.cuh"
#undef CJ_COMPACT_MAX_CHUNKS
#define CJ_COMPACT_MAX_CHUNKS 16
#define cj_warp_compact_kernel warp_compact_chunks16
#include "warp_compact/glue.cuh"
#undef cj_warp_compact_kernel
} // namespace warp_compact_ref

namespace atomic_max_float_ref
{
#include "../reference/atomic_max_float.cu"
#include "atomic_max_float/glue.cuh"
} // namespace atomic_max_float_ref
namespace atomic_max_float_roof
{
/* 0: atomicMax on the int bits, 1: atomicExch (each one returned atomic a
 * thread, no loop); 2: a plain load, then atomicMax on the int bits only
 * when val is larger (the reference's shortcut, without its CAS retries);
 * 3: a plain load of the slot; 4: a plain store to it; 5: the slot's
 * address only, never its memory; 6: a plain load, then one atomicCAS only
 * when val is larger, never retried (the least that a CAS-built maximum
 * does: the reference without its retries). */
__device__ float atomicMaxFloat(float *addr, float val)
{
	switch (roof_mode) {
	case 0:
		return __int_as_float(atomicMax((int *)addr, __float_as_int(val)));
	case 1:
		return atomicExch(addr, val);
	case 2: {
		const float seen = *addr;
		return seen >= val ? seen
		                   : __int_as_float(atomicMax((int *)addr, __float_as_int(val)));
	}
	case 3:
		return *addr;
	case 4:
		*addr = val;
		return val;
	case 6: {
		const float seen = *addr;
		return seen >= val ? seen
		                   : __int_as_float(atomicCAS((int *)addr, __float_as_int(seen),
		                                              __float_as_int(val)));
	}
	default:
		return val + (float)((uintptr_t)addr & 4);
	}
}
#undef CJ_COMMON_SLOT_UPDATE_CUH
#undef CJ_SLOT_KERNEL
#define CJ_SLOT_KERNEL atomic_max_float_roof_kernel
#include "common/slot_update.cuh"
} // namespace atomic_max_float_roof

namespace memcpy_async_ref
{
#include "../reference/memcpy_async.cu"
#include "memcpy_async/glue.cuh"
} // namespace memcpy_async_ref
namespace memcpy_async_roof
{
/* 0: plain loads into the tile (four in flight: more registers than 32 a
 * thread would leave fewer than the glue's 8 blocks of 256 resident on an
 * SM), __syncthreads, the reversed stores, __syncthreads; 1: the reversed
 * copy straight from global memory. */
__device__ void reverse_tile(const float *src, float *dst, int count, float *tile,
                             cuda::barrier<cuda::thread_scope_block> &)
{
	auto reversed = [&](const float *from, float *to) {
		in_batches<4, float>((int)threadIdx.x, count, (int)blockDim.x,
		                     [&](int k) { return from[count - 1 - k]; },
		                     [&](int k, float v) { to[k] = v; });
	};
	if (roof_mode == 1) {
		reversed(src, dst);
		return;
	}
	in_batches<4, float>((int)threadIdx.x, count, (int)blockDim.x,
	                     [&](int k) { return src[k]; }, [&](int k, float v) { tile[k] = v; });
	__syncthreads();
	reversed(tile, dst);
	__syncthreads();
}
#define cj_tiles_kernel memcpy_async_roof
#include "memcpy_async/glue.cuh"
#undef cj_tiles_kernel
} // namespace memcpy_async_roof

namespace last_block_reduce_ref
{
#include "../reference/last_block_reduce.cu"
#include "last_block_reduce/glue.cuh"
} // namespace last_block_reduce_ref
namespace last_block_reduce_roof
{
/* Publish, fence, take a ticket; the last block's thread sums the partials
 * as float4s, eight loads in flight (0), or sums nothing (1), and resets the
 * counter. 2: publish only. */
__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived, float *total)
{
	partials[blockIdx.x] = partial;
	if (roof_mode == 2)
		return;
	__threadfence();
	if (atomicAdd(arrived, 1u) != gridDim.x - 1)
		return;
	__threadfence();
	float4 s = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
	const unsigned quads = roof_mode == 0 ? gridDim.x / 4 : 0;
	in_batches<8, float4>(
	        0u, quads, 1u,
	        [&](unsigned q) { return reinterpret_cast<const float4 *>(partials)[q]; },
	        [&](unsigned, float4 v) {
		        s = make_float4(s.x + v.x, s.y + v.y, s.z + v.z, s.w + v.w);
	        });
	for (unsigned b = 4 * quads; b < gridDim.x && roof_mode == 0; ++b)
		s.x += partials[b];
	*total = (s.x + s.y) + (s.z + s.w) + partial;
	atomicExch(arrived, 0u);
}
#define cj_last_block_kernel last_block_reduce_roof
#include "last_block_reduce/glue.cuh"
#undef cj_last_block_kernel

/* What if blocks had blockDim.x threads: the glue's loop over the block's
 * chunk, then one partial a warp. */
__global__ void chunk_sums(const float *x, float *partials, long long n)
{
	const long long chunk = (n + gridDim.x - 1) / gridDim.x, first = blockIdx.x * chunk;
	const long long last = first + chunk < n ? first + chunk : n;
	float s = 0.0f;
	for (long long i = first + threadIdx.x; i < last; i += blockDim.x)
		s += x[i];
	for (int d = 16; d > 0; d /= 2)
		s += __shfl_down_sync(0xffffffffu, s, d);
	if (threadIdx.x % 32 == 0)
		partials[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = s;
}
} // namespace last_block_reduce_roof

namespace barrier_phases_ref
{
#include "../reference/barrier_phases.cu"
#include "barrier_phases/glue.cuh"
} // namespace barrier_phases_ref
namespace barrier_phases_roof
{
/* `steps` three-point averages with __syncthreads: 0, one barrier a step,
 * reading one half of the glue's 1024-float tile and writing the other
 * (blockDim.x <= 512); 1, two a step, in place. */
__device__ void smooth_in_place(float *tile, int steps, cuda::barrier<cuda::thread_scope_block> &)
{
	const int t = threadIdx.x, n = blockDim.x;
	const bool halves = roof_mode == 0;
	for (int s = 0; s < steps; ++s) {
		const float *src = halves ? tile + (s % 2) * n : tile;
		const float next =
		        ((t > 0 ? src[t - 1] : 0.0f) + src[t] + (t + 1 < n ? src[t + 1] : 0.0f)) /
		        3.0f;
		if (!halves)
			__syncthreads();
		(halves ? tile + (s + 1) % 2 * n : tile)[t] = next;
		__syncthreads();
	}
	if (halves && steps % 2) {
		tile[t] = tile[n + t];
		__syncthreads();
	}
}
#define cj_phases_kernel barrier_phases_roof
#include "barrier_phases/glue.cuh"
#undef cj_phases_kernel
} // namespace barrier_phases_roof

namespace grid_sync_ref
{
#include "../reference/grid_sync.cu"
#include "grid_sync/glue.cuh"
} // namespace grid_sync_ref
namespace grid_sync_roof
{
/* One grid-stride pass: dst = src, or its three-point average. */
template <bool BLUR> __device__ void stride_pass(const float *src, float *dst, int n)
{
	const int stride = (int)(gridDim.x * blockDim.x);
	for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += stride)
		dst[i] = BLUR ? ((i > 0 ? src[i - 1] : 0.0f) + src[i] +
		                 (i + 1 < n ? src[i + 1] : 0.0f)) /
		                         3.0f
		              : src[i];
}

/* The same, not inlined: three copies of the loop in one kernel took
 * registers enough to keep fewer blocks resident. */
template <bool BLUR> __device__ __noinline__ void pass_call(const float *src, float *dst, int n)
{
	stride_pass<BLUR>(src, dst, n);
}

/* 0: the reference's passes as plain copies (a to b, b to a), a grid.sync
 * after each; 1: one blur pass a step, a and b taking turns, one grid.sync
 * a step (half the passes). */
__device__ void blur_steps(float *a, float *b, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();
	for (int s = 0; s < steps; ++s) {
		if (roof_mode == 0) {
			pass_call<false>(a, b, n);
			grid.sync();
			pass_call<false>(b, a, n);
		} else {
			pass_call<true>(s % 2 ? b : a, s % 2 ? a : b, n);
		}
		grid.sync();
	}
	if (roof_mode == 1 && steps % 2)
		pass_call<false>(b, a, n);
}
#define cj_grid_sync_kernel grid_sync_roof
#include "grid_sync/glue.cuh"
#undef cj_grid_sync_kernel

template <bool BLUR> __global__ void pass_kernel(const float *src, float *dst, int n)
{
	stride_pass<BLUR>(src, dst, n);
}
} // namespace grid_sync_roof

namespace histogram_ref
{
#include "../reference/histogram.cu"
#include "histogram/glue.cuh"
} // namespace histogram_ref
namespace histogram_roof
{
/* The reference's loads (a grid-stride loop over int4s, four in flight),
 * no counting: a store only if the largest value were one no case has. */
__device__ void histogram(const int *data, long long n, unsigned *bins, int)
{
	const long long first = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	const float m =
	        max_of_quads((const float4 *)data, first, n / 4, (long long)gridDim.x * blockDim.x);
	if (m == 1.0f)
		bins[0] = 1u;
}
#define cj_histogram_kernel histogram_roof
#include "histogram/glue.cuh"
#undef cj_histogram_kernel
} // namespace histogram_roof

namespace global_softmax_ref
{
#include "../reference/global_softmax.cu"
#include "global_softmax/glue.cuh"
} // namespace global_softmax_ref
namespace global_softmax_roof
{
/* Kernel 1: the slice's float4s, four in flight, and one block barrier. */
__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	const float m = max_of_quads(reinterpret_cast<const float4 *>(x + begin), threadIdx.x,
	                             (end - begin) / 4, blockDim.x);
	return make_float2((float)__syncthreads_count(m > 0.0f), 0.0f);
}

/* Kernel 2: one part a thread, one block barrier, then y = x * s over the
 * slice from its end, as the reference walks it. */
__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	const float s = (float)__syncthreads_count(parts[threadIdx.x % nparts].x > 0.0f);
	const float4 *x4 = reinterpret_cast<const float4 *>(x + begin);
	float4 *y4 = reinterpret_cast<float4 *>(y + begin);
	for (long long q = (end - begin) / 4 - 1 - threadIdx.x; q >= 0; q -= blockDim.x) {
		const float4 v = x4[q];
		y4[q] = make_float4(v.x * s, v.y * s, v.z * s, v.w * s);
	}
}
#define cj_softmax_partial_kernel global_softmax_roof_partial
#define cj_softmax_apply_kernel global_softmax_roof_apply
#include "global_softmax/glue.cuh"
#undef cj_softmax_partial_kernel
#undef cj_softmax_apply_kernel
} // namespace global_softmax_roof

/* ---- kernels of the what-if shapes and of the copies ---- */

/* smem_reverse's pattern with E elements a thread (a tile of E * blockDim.x
 * ints), reversed or not. */
template <int E, bool REVERSE> __global__ void tile_reverse(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	const long long base = (long long)blockIdx.x * blockDim.x * E;
	const int len = (int)min((long long)blockDim.x * E, n - base);
#pragma unroll
	for (int k = 0; k < E; ++k) {
		const int j = threadIdx.x + k * blockDim.x;
		if (j < len)
			tile[j] = in[base + j];
	}
	__syncthreads();
#pragma unroll
	for (int k = 0; k < E; ++k) {
		const int j = threadIdx.x + k * blockDim.x;
		if (j < len)
			out[REVERSE ? n - base - len + j : base + j] =
			        tile[REVERSE ? len - 1 - j : j];
	}
}

/* shared_reduce's pattern, E elements a thread, with one barrier: thread 0
 * stores how many threads' sums are odd. */
template <int E> __global__ void count_sums(const int *x, int *sums, int n)
{
	const long long first = (long long)blockIdx.x * blockDim.x * E + threadIdx.x;
	int v = 0;
#pragma unroll
	for (int k = 0; k < E; ++k)
		v += first + k * blockDim.x < n ? x[first + k * blockDim.x] : 0;
	const int odd = __syncthreads_count(v & 1);
	if (threadIdx.x == 0)
		sums[blockIdx.x] = odd;
}

/* shared_reduce's pattern as its rules ask for it: every thread stores its
 * int to shared memory, one __syncthreads(), and thread 0 reads one slot
 * (no sum at all). */
__global__ void store_then_sync(const int *x, int *sums, int n)
{
	extern __shared__ int slots[];
	const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	slots[threadIdx.x] = i < n ? x[i] : 0;
	__syncthreads();
	if (threadIdx.x == 0)
		sums[blockIdx.x] = slots[blockDim.x - 1];
}

/* The same, then what any sum of the block's slots has to read after the
 * barrier, with nothing added: warp 0 reads every slot once as 16-byte
 * quads (lane l the quads l, l + 32, ...); lane 0 stores the xor of what it
 * read to sums, the other lanes only where theirs is one value that the
 * compiler cannot rule out (so their loads stay, and no bytes are added). */
__global__ void store_sync_read_all(const int *x, int *sums, int n)
{
	extern __shared__ int slots[];
	const unsigned t = threadIdx.x;
	const long long i = (long long)blockIdx.x * blockDim.x + t;
	slots[t] = i < n ? x[i] : 0;
	__syncthreads();
	if (t < 32) {
		int r = 0;
#pragma unroll 4
		for (unsigned k = t; k < blockDim.x / 4; k += 32) {
			const int4 v = reinterpret_cast<const int4 *>(slots)[k];
			r ^= v.x ^ v.y ^ v.z ^ v.w;
		}
		if (t == 0 || r == 0x5bd1e995)
			sums[blockIdx.x] = r;
	}
}

/* grid_stride's saxpy, a float4 an iteration. */
__global__ void saxpy4(long long n4, float a, const float4 *x, float4 *y)
{
	const long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4; i += stride) {
		const float4 p = x[i], q = y[i];
		y[i] = make_float4(a * p.x + q.x, a * p.y + q.y, a * p.z + q.z, a * p.w + q.w);
	}
}

/* transpose's launch (64 x 8 threads a 64 x 64 tile, 8 elements a thread,
 * a barrier) copying the tile without transposing it. */
__global__ void tile_copy_64x8(const float *in, float *out, int rows, int cols)
{
	const int x = blockIdx.x * 64 + threadIdx.x, y0 = blockIdx.y * 64 + threadIdx.y;
	float v[8];
#pragma unroll
	for (int k = 0; k < 8; ++k)
		v[k] = x < cols && y0 + 8 * k < rows ? in[(long long)(y0 + 8 * k) * cols + x]
		                                     : 0.0f;
	__syncthreads();
#pragma unroll
	for (int k = 0; k < 8; ++k)
		if (x < cols && y0 + 8 * k < rows)
			out[(long long)(y0 + 8 * k) * cols + x] = v[k];
}

/* event_dependency's produce and consume as one kernel: out from in alone. */
__global__ void produce_consume_fused(const float *in, float *out, long long n)
{
	const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = (2.0f * in[i] + 1.0f) + (2.0f * in[n - 1 - i] + 1.0f);
}

/* The bytes of n4 float4s read, four in flight a thread, nothing stored. */
__global__ void read_float4(const float4 *in, long long n4, float *never)
{
	const float m = max_of_quads(in, blockIdx.x * (long long)blockDim.x + threadIdx.x, n4,
	                             (long long)gridDim.x * blockDim.x);
	if (m == 1234.5f)
		*never = m;
}

__global__ void copy_float4(const float4 *in, float4 *out, long long n4)
{
	const long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n4; i += stride)
		out[i] = in[i];
}

__global__ void copy_one_each(const float *in, float *out, long long n)
{
	const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i];
}

/* p[i] = lo + (hi - lo) * u, u in [0, 1) from a hash of i and seed (ints:
 * rounded down, so in [lo, hi)). */
template <class T> __global__ void fill_kernel(T *p, long long n, unsigned seed, float lo, float hi)
{
	const long long stride = (long long)gridDim.x * blockDim.x;
	for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += stride) {
		unsigned long long z = (unsigned long long)i * 0x9e3779b97f4a7c15ull + seed;
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		const float v = lo + (hi - lo) * ((float)((z ^ (z >> 31)) >> 40) * 0x1p-24f);
		if constexpr (std::is_integral<T>::value)
			p[i] = (T)fminf(floorf(v), hi - 1.0f);
		else
			p[i] = v;
	}
}

/* warp_compact's offsets: how many of run r's 32 values are >= t. */
__global__ void kept_per_run(const int *x, long long n, int t, int *counts)
{
	const long long r = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (r * 32 >= n)
		return;
	int kept = 0;
	for (long long i = r * 32; i < n && i < r * 32 + 32; ++i)
		kept += x[i] >= t;
	counts[r] = kept;
}

/* ---- the bench ---- */

static const int WARMUP = 3, REPS = 20;

/* Device buffers of one exercise, freed together. */
struct arena {
	std::vector<void *> held;
	template <class T> T *get(long long n)
	{
		void *p = nullptr;
		CHECK(cudaMalloc(&p, (size_t)n * sizeof(T)));
		held.push_back(p);
		return (T *)p;
	}
	~arena()
	{
		for (void *p : held)
			CHECK(cudaFree(p));
	}
};

template <class T> static void fill(T *p, long long n, unsigned seed, float lo, float hi)
{
	fill_kernel<<<1024, 256>>>(p, n, seed, lo, hi);
	CHECK(cudaGetLastError());
	CHECK(cudaDeviceSynchronize());
}

static void set_mode(int m)
{
	CHECK(cudaMemcpyToSymbol(roof_mode, &m, sizeof m));
}

static unsigned blocks_of(long long n, long long per_block)
{
	return (unsigned)((n + per_block - 1) / per_block);
}

/* The blocks of a warp-runs glue's launch (common/warp_runs.cuh cj_runs_of). */
static unsigned runs_blocks(long long n, unsigned block, int chunks)
{
	return blocks_of((n + 32LL * chunks - 1) / (32LL * chunks) * 32, block);
}

struct bench {
	flushed_timer timer{0};
	int sms = 0;
	double copy_gbps = 0;
	std::vector<std::string> only; /* exercises asked for; empty: all */

	bool wants(const char *exercise) const
	{
		for (const std::string &o : only)
			if (o == exercise)
				return true;
		return only.empty();
	}

	/* At most `wanted` blocks of `kernel`, as many as are resident at once. */
	template <class K> int resident(K kernel, int block, int wanted, size_t smem = 0) const
	{
		int per_sm = 0;
		CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, smem));
		return (int)std::min<long long>(wanted, (long long)sms * per_sm);
	}

	/* One JSON line from the sorted times; returns the GB/s. */
	double emit(const char *exercise, const std::string &variant, long long n, double per_elem,
	            const std::vector<float> &ms)
	{
		const double bytes = (double)n * per_elem, median = median_of_sorted(ms);
		const double gbps = bytes / (median * 1e-3) / 1e9;
		std::printf(
		        "{\"exercise\": \"%s\", \"variant\": \"%s\", \"n\": %lld, \"bytes\": %.0f, "
		        "\"median_ms\": %.6f, \"min_ms\": %.6f, \"max_ms\": %.6f, \"gbps\": %.1f, "
		        "\"pct_of_copy\": %.2f}\n",
		        exercise, variant.c_str(), n, bytes, median, (double)ms.front(),
		        (double)ms.back(), gbps, copy_gbps > 0 ? 100.0 * gbps / copy_gbps : 100.0);
		std::fflush(stdout);
		return gbps;
	}

	/* op() launches on the default stream; n * per_elem bytes counted. */
	template <class Op>
	void row(const char *exercise, const std::string &variant, long long n, double per_elem,
	         Op op)
	{
		emit(exercise, variant, n, per_elem, timer.sorted_ms(WARMUP, REPS, op));
	}
};

/* The judge's copy bandwidth (cj-probe): cudaMemcpyAsync of 1 GiB device to
 * device, 3 + 20 runs without an L2 flush, the median; then copy kernels of
 * 2 x 256 MiB, flushed like every row after them. */
static void copy_rows(bench &b)
{
	const long long n = (1LL << 30) / 4, quarter = n / 4;
	arena mem;
	float *src = mem.get<float>(n), *dst = mem.get<float>(n);
	CHECK(cudaMemset(src, 1, (size_t)n * 4));
	const size_t flush = b.timer.flush_bytes;
	b.timer.flush_bytes = 0; /* cj-probe flushes nothing */
	b.copy_gbps = b.emit("copy", "judge: cudaMemcpyAsync 1 GiB, no flush (copy_gbps)", n, 8,
	                     b.timer.sorted_ms(WARMUP, REPS, [&] {
		                     CHECK(cudaMemcpyAsync(dst, src, (size_t)n * 4,
		                                           cudaMemcpyDeviceToDevice, b.timer.s));
	                     }));
	b.timer.flush_bytes = flush;
	b.row("copy", "float4 kernel, 256 MiB, grid SMs x 8 x 256", quarter, 8, [&] {
		copy_float4<<<b.sms * 8, 256>>>((const float4 *)src, (float4 *)dst, quarter / 4);
	});
	b.row("copy", "one float a thread, 256 MiB, blocks of 256", quarter, 8,
	      [&] { copy_one_each<<<blocks_of(quarter, 256), 256>>>(src, dst, quarter); });
}

static void smem_reverse(bench &b)
{
	const char *ex = "smem_reverse";
	const int n = 67108864;
	arena mem;
	int *in = mem.get<int>(n), *out = mem.get<int>(n);
	fill(in, n, 1, -1000, 1000);
	auto ref = [&](unsigned block) {
		return [=] {
			smem_reverse_ref::
			        reverse_array<<<blocks_of(n, block), block, block * sizeof(int)>>>(
			                in, out, n);
		};
	};
	b.row(ex, "reference: block 256, 1 element a thread (timed)", n, 8, ref(256));
	b.row(ex, "what-if: reference at block 1024", n, 8, ref(1024));
	b.row(ex, "what-if: block 256, 4 elements a thread", n, 8, [&] {
		tile_reverse<4, true><<<blocks_of(n, 1024), 256, 1024 * sizeof(int)>>>(in, out, n);
	});
	b.row(ex, "what-if: block 256, 1 element a thread, not reversed", n, 8, [&] {
		tile_reverse<1, false><<<blocks_of(n, 256), 256, 256 * sizeof(int)>>>(in, out, n);
	});
}

static void shared_reduce(bench &b)
{
	const char *ex = "shared_reduce";
	const int n = 67108864;
	arena mem;
	int *x = mem.get<int>(n), *sums = mem.get<int>(n / 32);
	fill(x, n, 2, -1000, 1001);
	b.row(ex, "reference: tree, block 256 (timed)", n, 4, [&] {
		shared_reduce_ref::block_sums<<<blocks_of(n, 256), 256, 256 * sizeof(int)>>>(
		        x, sums, n);
	});
	b.row(ex,
	      "roofline: a store to shared a thread, one __syncthreads, warp 0 reads every slot", n,
	      4, [&] {
		      store_sync_read_all<<<blocks_of(n, 256), 256, 256 * sizeof(int)>>>(x, sums,
		                                                                         n);
	      });
	b.row(ex, "what-if: a store to shared a thread, one __syncthreads, one slot read", n, 4,
	      [&] { store_then_sync<<<blocks_of(n, 256), 256, 256 * sizeof(int)>>>(x, sums, n); });
	b.row(ex, "what-if: no shared memory, one __syncthreads_count, block 256", n, 4,
	      [&] { count_sums<1><<<blocks_of(n, 256), 256, 256 * sizeof(int)>>>(x, sums, n); });
	b.row(ex, "what-if: reference at block 1024", n, 4, [&] {
		shared_reduce_ref::block_sums<<<blocks_of(n, 1024), 1024, 1024 * sizeof(int)>>>(
		        x, sums, n);
	});
	b.row(ex, "what-if: one __syncthreads_count, block 1024", n, 4,
	      [&] { count_sums<1><<<blocks_of(n, 1024), 1024, 1024 * sizeof(int)>>>(x, sums, n); });
	for (int block : {64, 128, 512}) {
		b.row(ex, "what-if: reference at block " + std::to_string(block), n, 4, [&] {
			shared_reduce_ref::
			        block_sums<<<blocks_of(n, block), block, block * sizeof(int)>>>(
			                x, sums, n);
		});
		b.row(ex, "what-if: one __syncthreads_count, block " + std::to_string(block), n, 4,
		      [&] {
			      count_sums<1><<<blocks_of(n, block), block, block * sizeof(int)>>>(
			              x, sums, n);
		      });
	}
	b.row(ex, "what-if: one __syncthreads_count, block 256, 4 elements a thread", n, 4,
	      [&] { count_sums<4><<<blocks_of(n, 1024), 256, 256 * sizeof(int)>>>(x, sums, n); });
}

/* The chunks rows of a warp-runs exercise: `roof` (its kernels in the glue
 * with 8 and with 16 registers a lane) at the timed 8 runs a warp, then at
 * 1, 4 and 16. at(kernel, chunks): the glue's launch. */
template <class K8, class K16, class At>
static void chunk_rows(bench &b, const char *ex, long long n, double per, const std::string &roof,
                       K8 roof8, K16 roof16, At at)
{
	b.row(ex, "roofline: " + roof + ", chunks 8", n, per, at(roof8, 8));
	for (int chunks : {1, 4})
		b.row(ex, "what-if: " + roof + ", chunks " + std::to_string(chunks), n, per,
		      at(roof8, chunks));
	b.row(ex, "what-if: " + roof + ", chunks 16 (glue with 16 registers)", n, per,
	      at(roof16, 16));
}

static void warp_reduce(bench &b)
{
	const char *ex = "warp_reduce";
	const long long n = 67108864;
	const double per = 4.125;
	arena mem;
	float *x = mem.get<float>(n), *sums = mem.get<float>(n / 32);
	fill(x, n, 3, -1, 1);
	auto at = [&](auto kernel, int chunks) {
		return [=] { kernel<<<runs_blocks(n, 256, chunks), 256>>>(x, sums, n, 1, chunks); };
	};
	/* The glue's kernel of the timed case's shape: `chunks` runs a warp. */
	auto runs = [&](auto kernel, int chunks) {
		return [=] { kernel<<<runs_blocks(n, 256, chunks), 256>>>(x, sums, n); };
	};
	b.row(ex, "reference: shuffle tree, chunks 8 (timed)", n, per,
	      runs(warp_reduce_ref::cj_warp_reduce_runs, 8));
	b.row(ex, "roofline: five shuffles a run, no adds, chunks 8", n, per,
	      runs(warp_reduce_shuffles::warp_reduce_shuffles8_runs, 8));
	b.row(ex, "what-if: one ballot a run instead of five shuffles, chunks 8", n, per,
	      runs(warp_reduce_roof::warp_reduce_roof8_runs, 8));
	b.row(ex, "what-if: reference, one run after another (the glue's other kernel), chunks 8",
	      n, per, at(warp_reduce_ref::cj_warp_reduce_kernel, 8));
	for (int chunks : {1, 4})
		b.row(ex, "what-if: one ballot, chunks " + std::to_string(chunks), n, per,
		      at(warp_reduce_roof::warp_reduce_roof8, chunks));
	b.row(ex, "what-if: one ballot, chunks 16 (glue with 16 registers)", n, per,
	      runs(warp_reduce_roof16::warp_reduce_roof16_runs, 16));
	const int grid = b.resident(read_float4, 256, INT_MAX);
	b.row(ex, "what-if: x read as float4s, 4 in flight, " + std::to_string(grid) + " blocks", n,
	      per, [&] { read_float4<<<grid, 256>>>((const float4 *)x, n / 4, sums); });
}

static void warp_scan(bench &b)
{
	const char *ex = "warp_scan";
	const long long n = 67108864;
	arena mem;
	int *in = mem.get<int>(n), *out = mem.get<int>(n);
	fill(in, n, 4, -100, 101);
	auto at = [&](auto kernel, int chunks) {
		return [=] { kernel<<<runs_blocks(n, 256, chunks), 256>>>(in, out, n, 1, chunks); };
	};
	b.row(ex, "reference: shuffle scan, chunks 8 (timed)", n, 8,
	      at(warp_scan_ref::cj_warp_scan_kernel, 8));
	chunk_rows(b, ex, n, 8, "no scan (the glue's loads and stores)",
	           warp_scan_roof::warp_scan_roof8, warp_scan_roof16::warp_scan_roof16, at);
}

static void warp_compact(bench &b)
{
	const char *ex = "warp_compact";
	const long long n = 67108864, runs = n / 32;
	const int t = 0;
	arena mem;
	int *x = mem.get<int>(n), *offset = mem.get<int>(runs), *counts = mem.get<int>(runs);
	fill(x, n, 5, -1000000, 1000001); /* the timed row: |v| <= 1e6, keep v >= 0: half */
	kept_per_run<<<blocks_of(runs, 256), 256>>>(x, n, t, counts);
	CHECK(cudaGetLastError());
	std::vector<int> at(runs);
	CHECK(cudaMemcpy(at.data(), counts, runs * sizeof(int), cudaMemcpyDeviceToHost));
	long long kept = 0;
	for (int &k : at) { /* each run's count becomes its start */
		const int own = k;
		k = (int)kept;
		kept += own;
	}
	CHECK(cudaMemcpy(offset, at.data(), runs * sizeof(int), cudaMemcpyHostToDevice));
	int *out = mem.get<int>(kept > 0 ? kept : 1);
	auto launch = [&](auto kernel, int chunks) {
		return [=] {
			kernel<<<runs_blocks(n, 256, chunks), 256>>>(x, offset, out, counts, n,
			                                             chunks, t);
		};
	};
	b.row(ex, "reference: ballot and popc, chunks 8 (timed)", n, 6.25,
	      launch(warp_compact_ref::cj_warp_compact_kernel, 8));
	chunk_rows(b, ex, n, 6.25, "reference", warp_compact_ref::cj_warp_compact_kernel,
	           warp_compact_ref::warp_compact_chunks16, launch);
}

static void atomic_max_float(bench &b)
{
	const char *ex = "atomic_max_float";
	const long long n = 16777216;
	const int slots = 4096, runs = WARMUP + REPS;
	arena mem;
	float *vals = mem.get<float>(n), *olds = mem.get<float>(n);
	int *slot_of = mem.get<int>(n);
	float *fresh = mem.get<float>((long long)runs * slots); /* a fresh set a run */
	fill(vals, n, 6, -1e6f, 1e6f);
	fill(slot_of, n, 7, 0, (float)slots);
	const std::vector<float> start((size_t)runs * slots, -INFINITY);
	auto timed = [&](const char *variant, auto kernel, int mode) {
		set_mode(mode);
		CHECK(cudaMemcpy(fresh, start.data(), start.size() * sizeof(float),
		                 cudaMemcpyHostToDevice));
		int run = 0;
		b.row(ex, variant, n, 12, [&] {
			kernel<<<blocks_of(n, 256), 256>>>(vals, slot_of,
			                                   fresh + run++ % runs * slots, olds, n);
		});
	};
	timed("reference: CAS loop, 4096 addresses from -inf (timed)",
	      atomic_max_float_ref::cj_atomic_max_kernel, 0);
	auto *roof = atomic_max_float_roof::atomic_max_float_roof_kernel;
	timed("roofline: atomicMax on the int bits, every thread", roof, 0);
	timed("roofline: atomicExch, every thread", roof, 1);
	timed("roofline: plain load, one atomicCAS only when larger, no retry", roof, 6);
	timed("what-if: plain load, atomicMax on the int bits only when larger (no CAS)", roof, 2);
	timed("what-if: plain load of the slot, no atomic", roof, 3);
	timed("what-if: plain store to the slot, no atomic", roof, 4);
	timed("what-if: no slot access (vals, slot_of, olds only)", roof, 5);
}

static void memcpy_async(bench &b)
{
	const char *ex = "memcpy_async";
	const long long n = 16777216;
	const int tile = 2048, blocks = 1056;
	arena mem;
	float *in = mem.get<float>(n), *out = mem.get<float>(n);
	fill(in, n, 8, -1, 1);
	auto timed = [&](const std::string &variant, auto kernel, int mode, unsigned grid) {
		set_mode(mode);
		b.row(ex, variant, n, 8,
		      [&] { kernel<<<grid, 256, tile * sizeof(float)>>>(in, out, n, tile); });
	};
	const unsigned tiles = blocks_of(n, tile);
	timed("reference: memcpy_async, 1056 blocks (timed)", memcpy_async_ref::cj_tiles_kernel, 0,
	      blocks);
	timed("roofline: plain loads to shared, 2 __syncthreads a tile",
	      memcpy_async_roof::memcpy_async_roof, 0, blocks);
	timed("what-if: reversed copy without shared memory", memcpy_async_roof::memcpy_async_roof,
	      1, blocks);
	timed("what-if: reference, one tile a block (" + std::to_string(tiles) + " blocks)",
	      memcpy_async_ref::cj_tiles_kernel, 0, tiles);
	timed("what-if: plain loads to shared, one tile a block",
	      memcpy_async_roof::memcpy_async_roof, 0, tiles);
}

static void last_block_reduce(bench &b)
{
	const char *ex = "last_block_reduce";
	const long long n = 16777216;
	arena mem;
	float *x = mem.get<float>(n), *partials = mem.get<float>(1 << 16),
	      *total = mem.get<float>(1);
	unsigned *arrived = mem.get<unsigned>(1);
	fill(x, n, 9, -1, 1);
	CHECK(cudaMemset(arrived, 0, sizeof(unsigned)));
	auto timed = [&](const char *variant, auto kernel, int mode) {
		set_mode(mode);
		const int grid = b.resident(kernel, 32, CJ_MAX_RESIDENT_BLOCKS);
		b.row(ex, variant, n, 4,
		      [&] { kernel<<<grid, 32>>>(x, partials, arrived, total, n); });
	};
	timed("reference: blocks of 32, resident grid, ticket and serial sum (timed)",
	      last_block_reduce_ref::cj_last_block_kernel, 0);
	timed("roofline: ticket, the last thread sums float4s, 8 loads in flight",
	      last_block_reduce_roof::last_block_reduce_roof, 0);
	timed("what-if: the glue's loop, fence and ticket, no sum in the last block",
	      last_block_reduce_roof::last_block_reduce_roof, 1);
	timed("what-if: the glue's loop, partials only (no ticket)",
	      last_block_reduce_roof::last_block_reduce_roof, 2);
	for (int cap : {1024, 2048}) {
		set_mode(0);
		const int grid = b.resident(last_block_reduce_ref::cj_last_block_kernel, 32, cap);
		b.row(ex, "what-if: reference, grid of " + std::to_string(grid) + " blocks", n, 4,
		      [&] {
			      last_block_reduce_ref::cj_last_block_kernel<<<grid, 32>>>(
			              x, partials, arrived, total, n);
		      });
		b.row(ex, "what-if: roofline, grid of " + std::to_string(grid) + " blocks", n, 4,
		      [&] {
			      last_block_reduce_roof::last_block_reduce_roof<<<grid, 32>>>(
			              x, partials, arrived, total, n);
		      });
	}
	for (int block : {256, 1024}) {
		const int grid = b.resident(last_block_reduce_roof::chunk_sums, block,
		                            CJ_MAX_RESIDENT_BLOCKS);
		b.row(ex,
		      "what-if: the loop with blocks of " + std::to_string(block) +
		              ", resident grid (" + std::to_string(grid) +
		              " blocks), partials only",
		      n, 4,
		      [&] { last_block_reduce_roof::chunk_sums<<<grid, block>>>(x, partials, n); });
	}
}

static void barrier_phases(bench &b)
{
	const char *ex = "barrier_phases";
	const long long timed_n = 4194304, large = 67108864;
	arena mem;
	float *in = mem.get<float>(large), *out = mem.get<float>(large);
	fill(in, large, 10, -1, 1);
	auto timed = [&](const std::string &variant, auto kernel, int mode, long long n,
	                 int steps) {
		set_mode(mode);
		b.row(ex, variant, n, 8,
		      [&] { kernel<<<blocks_of(n, 256), 256>>>(in, out, steps); });
	};
	timed("reference: block 256, 8 steps, 2 barrier phases a step (timed)",
	      barrier_phases_ref::cj_phases_kernel, 0, timed_n, 8);
	timed("roofline: 8 steps, one __syncthreads a step (two halves of the tile)",
	      barrier_phases_roof::barrier_phases_roof, 0, timed_n, 8);
	timed("roofline: 8 steps, two __syncthreads a step (in place)",
	      barrier_phases_roof::barrier_phases_roof, 1, timed_n, 8);
	timed("what-if: 0 steps (the glue's load, barriers and store)",
	      barrier_phases_ref::cj_phases_kernel, 0, timed_n, 0);
	timed("what-if: reference, n = 64M", barrier_phases_ref::cj_phases_kernel, 0, large, 8);
	timed("what-if: 0 steps, n = 64M", barrier_phases_ref::cj_phases_kernel, 0, large, 0);
}

static void grid_sync(bench &b)
{
	const char *ex = "grid_sync";
	int n = 4194304, steps = 4;
	arena mem;
	float *a = mem.get<float>(n), *c = mem.get<float>(n);
	fill(a, n, 11, -1, 1);
	auto coop = [&](const std::string &variant, const void *kernel, int mode) {
		set_mode(mode);
		const int grid = b.resident(kernel, 256, 100000);
		void *args[] = {&a, &c, &n, &steps};
		b.row(ex, variant + " (" + std::to_string(grid) + " blocks)", n, 64, [&] {
			CHECK(cudaLaunchCooperativeKernel(kernel, grid, 256, args, 0, b.timer.s));
		});
	};
	coop("reference: 4 steps, blur then copy back, 2 grid.sync a step",
	     (const void *)grid_sync_ref::cj_grid_sync_kernel, 0);
	coop("roofline: the same passes as plain copies, 2 grid.sync a step",
	     (const void *)grid_sync_roof::grid_sync_roof, 0);
	coop("what-if: one blur pass a step (a, b in turn), 1 grid.sync a step",
	     (const void *)grid_sync_roof::grid_sync_roof, 1);
	const int grid = b.resident(grid_sync_roof::pass_kernel<true>, 256, 100000);
	b.row(ex, "what-if: the reference's passes as 8 ordinary launches", n, 64, [&] {
		for (int s = 0; s < steps; ++s) {
			grid_sync_roof::pass_kernel<true><<<grid, 256>>>(a, c, n);
			grid_sync_roof::pass_kernel<false><<<grid, 256>>>(c, a, n);
		}
	});
}

static void grid_stride(bench &b)
{
	const char *ex = "grid_stride";
	const long long n = 67108864;
	const float s = 2.5f;
	arena mem;
	float *x = mem.get<float>(n), *y = mem.get<float>(n);
	fill(x, n, 12, -1, 1);
	fill(y, n, 13, -1, 1);
	auto ref = [&](unsigned grid) {
		return [=] { grid_stride_ref::saxpy_grid_stride<<<grid, 256>>>(n, s, x, y); };
	};
	auto vec = [&](unsigned grid) {
		return [=] { saxpy4<<<grid, 256>>>(n / 4, s, (const float4 *)x, (float4 *)y); };
	};
	b.row(ex, "reference: grid 132 x 8 of 256, a float an iteration (timed)", n, 12, ref(1056));
	b.row(ex, "roofline: grid 132 x 8 of 256, a float4 an iteration", n, 12, vec(1056));
	b.row(ex, "what-if: reference with n / 256 blocks (one float a thread)", n, 12,
	      ref(blocks_of(n, 256)));
	b.row(ex, "what-if: a float4 a thread, n / 1024 blocks", n, 12, vec(blocks_of(n, 1024)));
}

static void histogram(bench &b)
{
	const char *ex = "histogram";
	const long long n = 134217728;
	arena mem;
	int *data = mem.get<int>(n);
	unsigned *bins = mem.get<unsigned>(256);
	fill(data, n, 14, 0, 256);
	CHECK(cudaMemset(bins, 0, 256 * sizeof(unsigned)));
	auto timed = [&](const std::string &variant, auto kernel) {
		const int grid = b.resident(kernel, 256, INT_MAX);
		b.row(ex, variant + " (" + std::to_string(grid) + " blocks)", n, 4,
		      [&] { kernel<<<grid, 256>>>(data, n, bins, 256); });
	};
	timed("reference: per-lane shared copies, 256 bins, full grid (timed)",
	      histogram_ref::cj_histogram_kernel);
	timed("what-if: the reference's loads alone, no counting, full grid",
	      histogram_roof::histogram_roof);
}

static void transpose(bench &b)
{
	const char *ex = "transpose";
	const int rows = 8192, cols = 67108864 / rows;
	const long long n = (long long)rows * cols;
	arena mem;
	float *in = mem.get<float>(n), *out = mem.get<float>(n);
	fill(in, n, 15, -1, 1);
	const dim3 grid(blocks_of(cols, 64), blocks_of(rows, 64)), block(64, 8);
	b.row(ex, "reference: 64 x 64 tiles, 64 x 8 threads (timed)", n, 8,
	      [&] { transpose_ref::transpose<<<grid, block>>>(in, out, rows, cols); });
	b.row(ex, "what-if: the same launch copying, not transposing", n, 8,
	      [&] { tile_copy_64x8<<<grid, block>>>(in, out, rows, cols); });
}

static void global_softmax(bench &b)
{
	const char *ex = "global_softmax";
	const long long n = 67108864, slice = 65536;
	const unsigned blocks = 1024;
	arena mem;
	float *x = mem.get<float>(n), *y = mem.get<float>(n);
	float2 *parts = mem.get<float2>(blocks);
	fill(x, n, 16, -1, 1);
	auto timed = [&](const char *variant, auto partial, auto apply) {
		b.row(ex, variant, n, 12, [&] {
			partial<<<blocks, 256>>>(x, parts, n, slice);
			apply<<<blocks, 256>>>(x, y, parts, n, slice);
		});
	};
	timed("reference: 1024 slices of 65536, block 256, two kernels (timed)",
	      global_softmax_ref::cj_softmax_partial_kernel,
	      global_softmax_ref::cj_softmax_apply_kernel);
	timed("roofline: the same loads and stores, one barrier a kernel, no exp",
	      global_softmax_roof::global_softmax_roof_partial,
	      global_softmax_roof::global_softmax_roof_apply);
}

/* event_dependency is timed by the host's clock, as the glue does: d_tmp
 * set to NaN and the device idle, then from the call of
 * produce_then_consume (non-blocking producer and consumer streams, an
 * event) to the idle device; no L2 flush. */
static void event_dependency(bench &b)
{
	const char *ex = "event_dependency";
	const long long n = 16777216;
	arena mem;
	float *in = mem.get<float>(n), *tmp = mem.get<float>(n), *out = mem.get<float>(n);
	fill(in, n, 17, -1, 1);
	cudaStream_t producer, consumer;
	cudaEvent_t ready, done;
	CHECK(cudaStreamCreateWithFlags(&producer, cudaStreamNonBlocking));
	CHECK(cudaStreamCreateWithFlags(&consumer, cudaStreamNonBlocking));
	CHECK(cudaEventCreateWithFlags(&ready, cudaEventDisableTiming));
	CHECK(cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
	std::vector<float> ms;
	for (int r = 0; r < WARMUP + REPS; ++r) {
		CHECK(cudaMemset(tmp, 0xff, (size_t)n * sizeof(float)));
		CHECK(cudaDeviceSynchronize());
		const auto start = std::chrono::steady_clock::now();
		event_dependency_ref::produce_then_consume(in, tmp, out, n, producer, consumer,
		                                           ready);
		CHECK(cudaGetLastError());
		CHECK(cudaEventRecord(done, consumer));
		CHECK(cudaDeviceSynchronize());
		ms.push_back(std::chrono::duration<float, std::milli>(
		                     std::chrono::steady_clock::now() - start)
		                     .count());
	}
	ms.erase(ms.begin(), ms.begin() + WARMUP);
	std::sort(ms.begin(), ms.end());
	b.emit(ex, "reference: two streams and an event, host clock (timed)", n, 12, ms);
	CHECK(cudaEventDestroy(ready));
	CHECK(cudaEventDestroy(done));
	CHECK(cudaStreamDestroy(producer));
	CHECK(cudaStreamDestroy(consumer));
	const unsigned blocks = blocks_of(n, 256);
	b.row(ex, "what-if: the reference's two kernels on one stream, events, flushed", n, 12,
	      [&] {
		      event_dependency_ref::produce<<<blocks, 256>>>(in, tmp, n);
		      event_dependency_ref::consume<<<blocks, 256>>>(tmp, out, n);
	      });
	b.row(ex, "what-if: one fused kernel (12 bytes an element moved), events, flushed", n, 12,
	      [&] { produce_consume_fused<<<blocks, 256>>>(in, out, n); });
}

int main(int argc, char **argv)
{
	int devices = 0;
	if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
		std::fprintf(stderr, "ceilings: no CUDA device: this benchmark needs a GPU\n");
		return 77;
	}
	cudaDeviceProp p;
	CHECK(cudaGetDeviceProperties(&p, 0));
	if (argc > 1 && !std::strcmp(argv[1], "--cc")) {
		std::printf("%d%d\n", p.major, p.minor);
		return 0;
	}
	bench b;
	b.sms = p.multiProcessorCount;
	b.only.assign(argv + 1, argv + argc);
	static const struct {
		const char *id;
		void (*run)(bench &);
	} exercises[] = {
	        {"smem_reverse", smem_reverse},
	        {"shared_reduce", shared_reduce},
	        {"warp_reduce", warp_reduce},
	        {"warp_compact", warp_compact},
	        {"atomic_max_float", atomic_max_float},
	        {"memcpy_async", memcpy_async},
	        {"last_block_reduce", last_block_reduce},
	        {"barrier_phases", barrier_phases},
	        {"event_dependency", event_dependency},
	        {"grid_stride", grid_stride},
	        {"grid_sync", grid_sync},
	        {"warp_scan", warp_scan},
	        {"histogram", histogram},
	        {"transpose", transpose},
	        {"global_softmax", global_softmax},
	};
	for (const std::string &o : b.only) {
		bool known = false;
		for (const auto &e : exercises)
			known |= o == e.id;
		if (!known) {
			std::fprintf(stderr, "ceilings: no exercise %s here\n", o.c_str());
			return 2;
		}
	}
	copy_rows(b);
	for (const auto &e : exercises)
		if (b.wants(e.id))
			e.run(b);
	CHECK(cudaDeviceSynchronize());
	return 0;
}
