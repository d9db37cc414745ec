/*
 * cudajudge's CPU emulator: the CUDA surface a learner's file and the launch
 * glue use, for the host C++ compiler. Device code becomes ordinary C++ run
 * by one fiber per CUDA thread (emu.cpp); the runtime API works on host
 * memory. Included instead of the toolkit's header when the engine builds
 * for the `emu` backend (-I harness/emu comes first).
 *
 * What the emulator checks that a GPU may hide: barriers not reached by every
 * thread of a block, warp collectives missing lanes of their mask, data races
 * (through ThreadSanitizer), reads of shared memory nothing wrote (shared
 * memory is filled with 0xff bytes, NaN as float, before every block),
 * out-of-bounds global accesses (every allocation ends at an inaccessible
 * page), and updates lost between a read and an atomic (threads give way at
 * atomics, on a schedule drawn from the run's seed). It never measures
 * performance.
 */
#ifndef HARNESS_EMU_CUDA_RUNTIME_H
#define HARNESS_EMU_CUDA_RUNTIME_H

/* Every standard header the emulator or a learner's file may want comes
 * first: libstdc++ spells attributes as __noinline__, which CUDA code uses as
 * a keyword (defined at the end of this file). */
#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <cfloat>
#include <functional>
#include <iostream>
#include <limits>
#include <memory>
#include <string>
#include <vector>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <tuple>
#include <type_traits>
#include <utility>

#define CJ_EMU 1
/* The toolkit release the emulator stands for (CUDA 13.0). */
#define CUDART_VERSION 13000
/* Set by the engine (-DCJ_EMU_CORESIDENT=1) for exercises with
 * `coresident: true`: every launch runs all of its blocks at the same time. */
#ifndef CJ_EMU_CORESIDENT
#define CJ_EMU_CORESIDENT 0
#endif

/* ---- qualifiers ------------------------------------------------------- */
#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __constant__
#define __managed__
/* Static shared arrays live in one section that the scheduler fills with
 * 0xff bytes before each block; blocks run in turn, so one copy serves all. */
#define __shared__ static __attribute__((section("cj_shared")))

/* ---- vector types ------------------------------------------------------- */
struct uint3 {
	unsigned x, y, z;
};
struct dim3 {
	unsigned x, y, z;
	constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz)
	{
	}
	constexpr dim3(const uint3 &v) : x(v.x), y(v.y), z(v.z)
	{
	}
};
#define CJ_EMU_VEC2(T, name, A)                                                                    \
	struct __attribute__((aligned(A))) name {                                                  \
		T x, y;                                                                            \
	};                                                                                         \
	inline name make_##name(T x, T y)                                                          \
	{                                                                                          \
		return name{x, y};                                                                 \
	}
#define CJ_EMU_VEC4(T, name, A)                                                                    \
	struct __attribute__((aligned(A))) name {                                                  \
		T x, y, z, w;                                                                      \
	};                                                                                         \
	inline name make_##name(T x, T y, T z, T w)                                                \
	{                                                                                          \
		return name{x, y, z, w};                                                           \
	}
CJ_EMU_VEC2(float, float2, 8)
CJ_EMU_VEC4(float, float4, 16)
CJ_EMU_VEC2(int, int2, 8)
CJ_EMU_VEC4(int, int4, 16)
CJ_EMU_VEC2(unsigned, uint2, 8)
CJ_EMU_VEC4(unsigned, uint4, 16)
CJ_EMU_VEC2(double, double2, 16)
struct float3 {
	float x, y, z;
};
inline float3 make_float3(float x, float y, float z)
{
	return float3{x, y, z};
}
inline uint3 make_uint3(unsigned x, unsigned y, unsigned z)
{
	return uint3{x, y, z};
}

#include "emu.h"

#define threadIdx (cj_emu::thread_idx())
#define blockIdx (cj_emu::block_idx())
#define blockDim (cj_emu::block_dim())
#define gridDim (cj_emu::grid_dim())
constexpr int warpSize = 32;

/* ---- runtime API ---------------------------------------------------------- */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidDevicePointer = 17,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorNoDevice = 100,
	cudaErrorInvalidDevice = 101,
	cudaErrorNotReady = 600,
	cudaErrorIllegalAddress = 700,
	cudaErrorLaunchFailure = 719,
	cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4,
};

enum cudaDeviceAttr {
	cudaDevAttrMaxThreadsPerBlock = 1,
	cudaDevAttrWarpSize = 10,
	cudaDevAttrMultiProcessorCount = 16,
	cudaDevAttrL2CacheSize = 38,
	cudaDevAttrComputeCapabilityMajor = 75,
	cudaDevAttrComputeCapabilityMinor = 76,
	cudaDevAttrCooperativeLaunch = 95,
};

typedef struct cj_emu_stream *cudaStream_t;
typedef struct cj_emu_event *cudaEvent_t;
#define cudaStreamDefault 0x0
#define cudaStreamNonBlocking 0x1
#define cudaEventDefault 0x0
#define cudaEventBlockingSync 0x1
#define cudaEventDisableTiming 0x2
#define cudaEventWaitDefault 0x0
#define cudaHostAllocDefault 0x0

struct cudaUUID_t {
	char bytes[16];
};
struct cudaDeviceProp {
	char name[256];
	cudaUUID_t uuid;
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int warpSize;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int major, minor;
	int multiProcessorCount;
	int l2CacheSize;
	int cooperativeLaunch;
};

const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceGetAttribute(int *value, cudaDeviceAttr attr, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaMalloc(void **ptr, size_t bytes);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMallocHost(void **ptr, size_t bytes);
cudaError_t cudaHostAlloc(void **ptr, size_t bytes, unsigned flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t bytes, cudaMemcpyKind kind,
                            cudaStream_t stream = 0);
cudaError_t cudaMemset(void *dst, int value, size_t bytes);
cudaError_t cudaMemsetAsync(void *dst, int value, size_t bytes, cudaStream_t stream = 0);
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaRuntimeGetVersion(int *version);

/* Host code of published examples: managed memory is host memory here, and
 * the cache and attribute settings change nothing on a CPU. */
#define cudaMemAttachGlobal 0x01
#define cudaMemAttachHost 0x02
inline cudaError_t cudaMallocManaged(void **ptr, size_t bytes, unsigned flags = cudaMemAttachGlobal)
{
	(void)flags;
	return cudaMalloc(ptr, bytes);
}
template <typename T>
inline cudaError_t cudaMallocManaged(T **ptr, size_t bytes, unsigned flags = cudaMemAttachGlobal)
{
	return cudaMallocManaged(reinterpret_cast<void **>(ptr), bytes, flags);
}
enum cudaFuncCache {
	cudaFuncCachePreferNone = 0,
	cudaFuncCachePreferShared = 1,
	cudaFuncCachePreferL1 = 2,
	cudaFuncCachePreferEqual = 3,
};
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
inline cudaError_t cudaDeviceSetCacheConfig(cudaFuncCache)
{
	return cudaSuccess;
}
template <typename K> inline cudaError_t cudaFuncSetCacheConfig(K, cudaFuncCache)
{
	return cudaSuccess;
}
template <typename K> inline cudaError_t cudaFuncSetAttribute(K, cudaFuncAttribute, int)
{
	return cudaSuccess;
}
/* __constant__ and __device__ variables are ordinary variables here. */
template <typename T>
inline cudaError_t cudaMemcpyToSymbol(T &symbol, const void *src, size_t bytes, size_t offset = 0,
                                      cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	(void)kind;
	if (offset + bytes > sizeof symbol)
		return cudaErrorInvalidValue;
	std::memcpy(reinterpret_cast<unsigned char *>(&symbol) + offset, src, bytes);
	return cudaSuccess;
}
template <typename T>
inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t bytes, size_t offset = 0,
                                        cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	(void)kind;
	if (offset + bytes > sizeof symbol)
		return cudaErrorInvalidValue;
	std::memcpy(dst, reinterpret_cast<const unsigned char *>(&symbol) + offset, bytes);
	return cudaSuccess;
}

template <typename T> inline cudaError_t cudaMalloc(T **ptr, size_t bytes)
{
	return cudaMalloc(reinterpret_cast<void **>(ptr), bytes);
}
template <typename T> inline cudaError_t cudaMallocHost(T **ptr, size_t bytes)
{
	return cudaMallocHost(reinterpret_cast<void **>(ptr), bytes);
}

namespace cj_emu
{
void set_launch_error(cudaError_t e);

/* Streams. By default every stream operation runs when it is issued, in issue
 * order. A glue for which stream order is the lesson (event_dependency) turns
 * on deferred streams: operations on streams created while it is on wait in
 * their stream's queue until a synchronising call (cudaStreamSynchronize,
 * cudaDeviceSynchronize, cudaEventSynchronize, the queries, cudaStreamDestroy),
 * which runs them one at a time, always from the newest stream that can go
 * on: a stream that was not made to wait for another's event (with
 * cudaStreamWaitEvent, after that event's cudaEventRecord) runs first. */
void defer_streams(bool on);
bool defers(cudaStream_t s);
void enqueue(cudaStream_t s, std::function<void()> op);
/* Deferred operations run so far: a glue compares it around a call to learn
 * whether the learner's host code waited for queued work. */
unsigned long long deferred_ops_run();

/* kernel<<<grid, block, shared, stream>>>(args) is rewritten by the engine
 * into cj_emu::launch_kernel(cj_emu::config(grid, block, shared, stream),
 * kernel, args); every thread gets its own copy of the arguments. */
struct config {
	dim3 grid, block;
	size_t shared;
	cudaStream_t stream;
	config(dim3 g, dim3 b, size_t s = 0, cudaStream_t st = 0)
	    : grid(g), block(b), shared(s), stream(st)
	{
	}
};

template <typename... P, typename... A>
void launch_kernel(const config &c, void (*kernel)(P...), A &&...args)
{
	using args_t = std::tuple<std::decay_t<P>...>;
	struct call {
		void (*kernel)(P...);
		args_t args;
	};
	void (*body)(void *) = [](void *p) {
		auto *x = static_cast<call *>(p);
		args_t mine = x->args;
		std::apply(x->kernel, mine);
	};
	if (defers(c.stream)) {
		auto later = std::make_shared<call>(call{kernel, args_t(std::forward<A>(args)...)});
		enqueue(c.stream, [c, body, later]() {
			launch(c.grid, c.block, (unsigned)c.shared, body, later.get(),
			       CJ_EMU_CORESIDENT != 0);
		});
		return;
	}
	call ctx{kernel, args_t(std::forward<A>(args)...)};
	launch(c.grid, c.block, (unsigned)c.shared, body, &ctx, CJ_EMU_CORESIDENT != 0);
}

template <typename... P, size_t... I>
void launch_cooperative(void (*kernel)(P...), dim3 grid, dim3 block, size_t shared, void **args,
                        std::index_sequence<I...>)
{
	using args_t = std::tuple<std::decay_t<P>...>;
	struct call {
		void (*kernel)(P...);
		args_t args;
	} ctx{kernel, args_t(*static_cast<std::decay_t<P> *>(args[I])...)};
	launch(
	        grid, block, (unsigned)shared,
	        [](void *p) {
		        auto *x = static_cast<call *>(p);
		        args_t mine = x->args;
		        std::apply(x->kernel, mine);
	        },
	        &ctx, true);
}
} // namespace cj_emu

/* A cooperative launch: every block runs at the same time (grid.sync()). */
template <typename... P>
inline cudaError_t cudaLaunchCooperativeKernel(void (*kernel)(P...), dim3 grid, dim3 block,
                                               void **args, size_t shared = 0,
                                               cudaStream_t stream = 0)
{
	(void)stream;
	cj_emu::launch_cooperative(kernel, grid, block, shared, args,
	                           std::index_sequence_for<P...>{});
	return cudaPeekAtLastError();
}

/* The emulator's one "multiprocessor" holds 2048 threads, like a GPU's. */
template <typename K>
inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, K, int block_size,
                                                                 size_t shared)
{
	(void)shared;
	if (block_size <= 0 || block_size > 1024)
		return cudaErrorInvalidValue;
	*blocks = 2048 / block_size;
	return cudaSuccess;
}

/* ---- barriers, fences, warp collectives ---------------------------------- */
#define __syncthreads() ((void)cj_emu::block_barrier(1, __FILE__, __LINE__))
#define __syncthreads_count(p) cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__)
#define __syncthreads_and(p)                                                                       \
	(cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__) == (int)cj_emu_block_size())
#define __syncthreads_or(p) (cj_emu::block_barrier((p) ? 1 : 0, __FILE__, __LINE__) != 0)

inline unsigned cj_emu_block_size()
{
	const dim3 &b = cj_emu::block_dim();
	return b.x * b.y * b.z;
}

#define __threadfence() cj_emu::fence()
#define __threadfence_block() cj_emu::fence()
#define __threadfence_system() cj_emu::fence()

template <typename T>
inline T cj_emu_shfl(cj_emu::op_kind op, const char *file, int line, unsigned mask, T var, int arg,
                     int width = 32)
{
	static_assert(sizeof(T) <= 8, "the emulator shuffles values of at most 8 bytes");
	uint64_t bits = 0;
	std::memcpy(&bits, &var, sizeof(T));
	bits = cj_emu::warp_collective(op, mask, bits, arg, width, file, line);
	T out;
	std::memcpy(&out, &bits, sizeof(T));
	return out;
}
#define __shfl_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_IDX, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_up_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_UP, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_down_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_DOWN, __FILE__, __LINE__, __VA_ARGS__)
#define __shfl_xor_sync(...) cj_emu_shfl(cj_emu::OP_SHFL_XOR, __FILE__, __LINE__, __VA_ARGS__)

#define __all_sync(mask, p)                                                                        \
	((int)cj_emu::warp_collective(cj_emu::OP_ALL, (mask), (p) ? 1 : 0, 0, 32, __FILE__,        \
	                              __LINE__))
#define __any_sync(mask, p)                                                                        \
	((int)cj_emu::warp_collective(cj_emu::OP_ANY, (mask), (p) ? 1 : 0, 0, 32, __FILE__,        \
	                              __LINE__))
#define __ballot_sync(mask, p)                                                                     \
	((unsigned)cj_emu::warp_collective(cj_emu::OP_BALLOT, (mask), (p) ? 1 : 0, 0, 32,          \
	                                   __FILE__, __LINE__))
#define __activemask()                                                                             \
	((unsigned)cj_emu::warp_collective(cj_emu::OP_ACTIVEMASK, 0xffffffffu, 0, 0, 32, __FILE__, \
	                                   __LINE__))
template <typename T>
inline unsigned cj_emu_match_any(const char *file, int line, unsigned mask, T value)
{
	uint64_t bits = 0;
	std::memcpy(&bits, &value, sizeof(T));
	return (unsigned)cj_emu::warp_collective(cj_emu::OP_MATCH_ANY, mask, bits, 0, 32, file,
	                                         line);
}
#define __match_any_sync(mask, v) cj_emu_match_any(__FILE__, __LINE__, (mask), (v))
/* __syncwarp() and __syncwarp(mask) both: the macro names the caller's line and
 * the call takes the optional mask (`, ##__VA_ARGS__` keeps its comma in ISO mode). */
struct cj_emu_syncwarp_at {
	const char *file;
	int line;
	void operator()(unsigned mask = 0xffffffffu) const
	{
		cj_emu::warp_collective(cj_emu::OP_SYNCWARP, mask, 0, 0, 32, file, line);
	}
};
#define __syncwarp                                                                                 \
	cj_emu_syncwarp_at                                                                         \
	{                                                                                          \
		__FILE__, __LINE__                                                                 \
	}

/* ---- atomics ----------------------------------------------------------------
 * Relaxed, as on a GPU: an atomic orders nothing by itself, only with a fence
 * (see cj_emu::fence in emu.cpp). ThreadSanitizer sees every one of them.
 * Around each one the other threads may take a turn (cj_emu::atomic_begin and
 * atomic_end, a schedule drawn from the run's seed), so a compare-and-swap
 * meets the updates a GPU's other threads make between a thread's read and its
 * swap; in a co-resident grid every atomic gives way, so a thread that polls a
 * flag with atomics lets the thread that sets it run. The last two parameters
 * name the learner's call, for reports. */
#define CJ_EMU_SITE const char *cj_file = __builtin_FILE(), int cj_line = __builtin_LINE()
template <typename T, typename F> inline T cj_emu_rmw(T *a, F op, const char *file, int line)
{
	cj_emu::atomic_begin(a, true, file, line);
	T old = op();
	cj_emu::atomic_end(a, cj_emu::peek(a, sizeof old) != cj_emu::peek(&old, sizeof old));
	return old;
}
#define CJ_EMU_RLX __ATOMIC_RELAXED
#define CJ_EMU_AT cj_file, cj_line
#define CJ_EMU_ATOMIC_INT(T)                                                                       \
	inline T atomicAdd(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_fetch_add(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);       \
	}                                                                                          \
	inline T atomicSub(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_fetch_sub(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);       \
	}                                                                                          \
	inline T atomicExch(T *a, T v, CJ_EMU_SITE)                                                \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_exchange_n(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);      \
	}                                                                                          \
	inline T atomicAnd(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_fetch_and(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);       \
	}                                                                                          \
	inline T atomicOr(T *a, T v, CJ_EMU_SITE)                                                  \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_fetch_or(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);        \
	}                                                                                          \
	inline T atomicXor(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a, [&] { return __atomic_fetch_xor(a, v, CJ_EMU_RLX); }, CJ_EMU_AT);       \
	}                                                                                          \
	inline T atomicCAS(T *a, T expected, T desired, CJ_EMU_SITE)                               \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a,                                                                         \
		        [&] {                                                                      \
			        __atomic_compare_exchange_n(a, &expected, desired, false,          \
			                                    CJ_EMU_RLX, CJ_EMU_RLX);               \
			        return expected;                                                   \
		        },                                                                         \
		        CJ_EMU_AT);                                                                \
	}                                                                                          \
	inline T atomicMax(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a,                                                                         \
		        [&] {                                                                      \
			        T old = __atomic_load_n(a, CJ_EMU_RLX);                            \
			        while (old < v &&                                                  \
			               !__atomic_compare_exchange_n(a, &old, v, false, CJ_EMU_RLX, \
			                                            CJ_EMU_RLX))                   \
				        ;                                                          \
			        return old;                                                        \
		        },                                                                         \
		        CJ_EMU_AT);                                                                \
	}                                                                                          \
	inline T atomicMin(T *a, T v, CJ_EMU_SITE)                                                 \
	{                                                                                          \
		return cj_emu_rmw(                                                                 \
		        a,                                                                         \
		        [&] {                                                                      \
			        T old = __atomic_load_n(a, CJ_EMU_RLX);                            \
			        while (v < old &&                                                  \
			               !__atomic_compare_exchange_n(a, &old, v, false, CJ_EMU_RLX, \
			                                            CJ_EMU_RLX))                   \
				        ;                                                          \
			        return old;                                                        \
		        },                                                                         \
		        CJ_EMU_AT);                                                                \
	}
CJ_EMU_ATOMIC_INT(int)
CJ_EMU_ATOMIC_INT(unsigned)
CJ_EMU_ATOMIC_INT(unsigned long long)
CJ_EMU_ATOMIC_INT(long long)
#undef CJ_EMU_ATOMIC_INT

template <typename F, typename B>
inline F cj_emu_atomic_float_add(F *a, F v, const char *file, int line)
{
	B *word = reinterpret_cast<B *>(a);
	B old = cj_emu_rmw(
	        word,
	        [&] {
		        B seen = __atomic_load_n(word, CJ_EMU_RLX), next;
		        do {
			        F f;
			        std::memcpy(&f, &seen, sizeof f);
			        f += v;
			        std::memcpy(&next, &f, sizeof next);
		        } while (!__atomic_compare_exchange_n(word, &seen, next, false, CJ_EMU_RLX,
		                                              CJ_EMU_RLX));
		        return seen;
	        },
	        file, line);
	F f;
	std::memcpy(&f, &old, sizeof f);
	return f;
}
inline float atomicAdd(float *a, float v, CJ_EMU_SITE)
{
	return cj_emu_atomic_float_add<float, unsigned>(a, v, CJ_EMU_AT);
}
inline double atomicAdd(double *a, double v, CJ_EMU_SITE)
{
	return cj_emu_atomic_float_add<double, unsigned long long>(a, v, CJ_EMU_AT);
}
inline float atomicExch(float *a, float v, CJ_EMU_SITE)
{
	unsigned bits, old;
	unsigned *word = reinterpret_cast<unsigned *>(a);
	std::memcpy(&bits, &v, sizeof bits);
	old = cj_emu_rmw(
	        word, [&] { return __atomic_exchange_n(word, bits, CJ_EMU_RLX); }, CJ_EMU_AT);
	float f;
	std::memcpy(&f, &old, sizeof f);
	return f;
}
inline unsigned atomicInc(unsigned *a, unsigned limit, CJ_EMU_SITE)
{
	return cj_emu_rmw(
	        a,
	        [&] {
		        unsigned old = __atomic_load_n(a, CJ_EMU_RLX);
		        while (!__atomic_compare_exchange_n(a, &old, old >= limit ? 0 : old + 1,
		                                            false, CJ_EMU_RLX, CJ_EMU_RLX))
			        ;
		        return old;
	        },
	        CJ_EMU_AT);
}
inline unsigned atomicDec(unsigned *a, unsigned limit, CJ_EMU_SITE)
{
	return cj_emu_rmw(
	        a,
	        [&] {
		        unsigned old = __atomic_load_n(a, CJ_EMU_RLX);
		        while (!__atomic_compare_exchange_n(
		                a, &old, (old == 0 || old > limit) ? limit : old - 1, false,
		                CJ_EMU_RLX, CJ_EMU_RLX))
			        ;
		        return old;
	        },
	        CJ_EMU_AT);
}
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicCAS_block atomicCAS
#define atomicExch_block atomicExch
#define atomicMax_block atomicMax
#define atomicMin_block atomicMin

/* ---- bits and numbers -------------------------------------------------------- */
inline int __float_as_int(float f)
{
	int i;
	std::memcpy(&i, &f, sizeof i);
	return i;
}
inline unsigned __float_as_uint(float f)
{
	unsigned i;
	std::memcpy(&i, &f, sizeof i);
	return i;
}
inline float __int_as_float(int i)
{
	float f;
	std::memcpy(&f, &i, sizeof f);
	return f;
}
inline float __uint_as_float(unsigned i)
{
	float f;
	std::memcpy(&f, &i, sizeof f);
	return f;
}
inline long long __double_as_longlong(double d)
{
	long long i;
	std::memcpy(&i, &d, sizeof i);
	return i;
}
inline double __longlong_as_double(long long i)
{
	double d;
	std::memcpy(&d, &i, sizeof d);
	return d;
}
inline int __popc(unsigned x)
{
	return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x)
{
	return __builtin_popcountll(x);
}
inline int __clz(int x)
{
	return x ? __builtin_clz((unsigned)x) : 32;
}
inline int __clzll(long long x)
{
	return x ? __builtin_clzll((unsigned long long)x) : 64;
}
inline int __ffs(int x)
{
	return __builtin_ffs(x);
}
inline int __ffsll(long long x)
{
	return __builtin_ffsll(x);
}
inline unsigned __brev(unsigned x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	return __builtin_bswap32(x);
}
inline unsigned __umulhi(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a * b) >> 32);
}
inline int __mul24(int a, int b)
{
	return a * b;
}
inline unsigned __umul24(unsigned a, unsigned b)
{
	return (a & 0xffffffu) * (b & 0xffffffu);
}
inline int __mulhi(int a, int b)
{
	return (int)(((long long)a * b) >> 32);
}
inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
	return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
inline int __hadd(int a, int b)
{
	return (int)(((long long)a + b) >> 1);
}
inline int __rhadd(int a, int b)
{
	return (int)(((long long)a + b + 1) >> 1);
}
inline unsigned __uhadd(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a + b) >> 1);
}
inline unsigned __urhadd(unsigned a, unsigned b)
{
	return (unsigned)(((unsigned long long)a + b + 1) >> 1);
}
inline unsigned __sad(int a, int b, unsigned c)
{
	return c + (unsigned)(a > b ? (long long)a - b : (long long)b - a);
}
inline unsigned __usad(unsigned a, unsigned b, unsigned c)
{
	return c + (a > b ? a - b : b - a);
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long both = ((unsigned long long)y << 32) | x;
	unsigned r = 0;
	for (int k = 0; k < 4; ++k)
		r |= (unsigned)((both >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
	return r;
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift)
{
	unsigned long long both = ((unsigned long long)hi << 32) | lo;
	return (unsigned)((both << (shift & 31)) >> 32);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift)
{
	unsigned long long both = ((unsigned long long)hi << 32) | lo;
	return (unsigned)(both >> (shift & 31));
}
/* Conversions with a rounding mode: _rn to nearest even, _rz toward zero,
 * _ru up, _rd down. */
#define CJ_EMU_CONVERT(name, From, To, round)                                                      \
	inline To name(From x)                                                                     \
	{                                                                                          \
		return (To)round(x);                                                               \
	}
CJ_EMU_CONVERT(__float2int_rn, float, int, nearbyintf)
CJ_EMU_CONVERT(__float2int_rz, float, int, truncf)
CJ_EMU_CONVERT(__float2int_ru, float, int, ceilf)
CJ_EMU_CONVERT(__float2int_rd, float, int, floorf)
CJ_EMU_CONVERT(__float2uint_rn, float, unsigned, nearbyintf)
CJ_EMU_CONVERT(__float2uint_rz, float, unsigned, truncf)
CJ_EMU_CONVERT(__float2ll_rn, float, long long, nearbyintf)
CJ_EMU_CONVERT(__float2ll_rz, float, long long, truncf)
CJ_EMU_CONVERT(__double2int_rn, double, int, nearbyint)
CJ_EMU_CONVERT(__double2int_rz, double, int, trunc)
CJ_EMU_CONVERT(__double2float_rn, double, float, )
CJ_EMU_CONVERT(__int2float_rn, int, float, )
CJ_EMU_CONVERT(__uint2float_rn, unsigned, float, )
CJ_EMU_CONVERT(__ll2float_rn, long long, float, )
CJ_EMU_CONVERT(__int2double_rn, int, double, )
#undef CJ_EMU_CONVERT
/* __ldg and the cache-hinted loads and stores: plain accesses on the CPU. */
#define CJ_PLAIN_LOAD(name)                                                                        \
	template <typename T> inline T name(const T *p)                                            \
	{                                                                                          \
		return *p;                                                                         \
	}
#define CJ_PLAIN_STORE(name)                                                                       \
	template <typename T> inline void name(T *p, T v)                                          \
	{                                                                                          \
		*p = v;                                                                            \
	}
CJ_PLAIN_LOAD(__ldg)
CJ_PLAIN_LOAD(__ldcg)
CJ_PLAIN_LOAD(__ldca)
CJ_PLAIN_LOAD(__ldcs)
CJ_PLAIN_LOAD(__ldlu)
CJ_PLAIN_LOAD(__ldcv)
CJ_PLAIN_STORE(__stwb)
CJ_PLAIN_STORE(__stcg)
CJ_PLAIN_STORE(__stcs)
CJ_PLAIN_STORE(__stwt)
#undef CJ_PLAIN_LOAD
#undef CJ_PLAIN_STORE
inline float __expf(float x)
{
	return expf(x);
}
inline float __logf(float x)
{
	return logf(x);
}
inline float __sinf(float x)
{
	return sinf(x);
}
inline float __cosf(float x)
{
	return cosf(x);
}
inline float __powf(float x, float y)
{
	return powf(x, y);
}
inline float __fdividef(float x, float y)
{
	return x / y;
}
inline float __frcp_rn(float x)
{
	return 1.0f / x;
}
inline float __fdiv_rn(float x, float y)
{
	return x / y;
}
inline float __fsqrt_rn(float x)
{
	return sqrtf(x);
}
inline float __frsqrt_rn(float x)
{
	return 1.0f / sqrtf(x);
}
inline float __fsub_rn(float a, float b)
{
	return a - b;
}
inline float __fadd_rz(float a, float b)
{
	return a + b;
}
inline float __fmul_rz(float a, float b)
{
	return a * b;
}
inline double __dadd_rn(double a, double b)
{
	return a + b;
}
inline double __dmul_rn(double a, double b)
{
	return a * b;
}
inline double __ddiv_rn(double a, double b)
{
	return a / b;
}
inline float __exp10f(float x)
{
	return exp10f(x);
}
inline float __log2f(float x)
{
	return log2f(x);
}
inline float __log10f(float x)
{
	return log10f(x);
}
inline float __tanf(float x)
{
	return tanf(x);
}
inline void __sincosf(float x, float *s, float *c)
{
	*s = sinf(x);
	*c = cosf(x);
}
inline float rcbrtf(float x)
{
	return 1.0f / cbrtf(x);
}
inline double rsqrt(double x)
{
	return 1.0 / sqrt(x);
}
inline float rsqrtf(float x)
{
	return 1.0f / sqrtf(x);
}
inline float __saturatef(float x)
{
	return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
}
inline float __fadd_rn(float a, float b)
{
	return a + b;
}
inline float __fmul_rn(float a, float b)
{
	return a * b;
}
inline float __fmaf_rn(float a, float b, float c)
{
	return fmaf(a, b, c);
}
/* A clock that advances at every read, so that a loop that waits for some
 * cycles to pass ends. */
inline long long clock64()
{
	return (long long)cj_emu::clock_ticks();
}
/* A thread that sleeps in a poll loop lets the others run, in any launch. */
inline void __nanosleep(unsigned)
{
	cj_emu::spin();
}
#define __trap() abort()

/* CUDA's min and max accept mixed argument types. */
#define CJ_EMU_MINMAX(T)                                                                           \
	inline T min(T a, T b)                                                                     \
	{                                                                                          \
		return a < b ? a : b;                                                              \
	}                                                                                          \
	inline T max(T a, T b)                                                                     \
	{                                                                                          \
		return a < b ? b : a;                                                              \
	}
CJ_EMU_MINMAX(int)
CJ_EMU_MINMAX(unsigned)
CJ_EMU_MINMAX(long long)
CJ_EMU_MINMAX(unsigned long long)
CJ_EMU_MINMAX(float)
CJ_EMU_MINMAX(double)
#undef CJ_EMU_MINMAX
inline float min(float a, int b)
{
	return min(a, (float)b);
}
inline float max(float a, int b)
{
	return max(a, (float)b);
}
inline long long min(long long a, int b)
{
	return min(a, (long long)b);
}
inline long long max(long long a, int b)
{
	return max(a, (long long)b);
}
inline long long min(int a, long long b)
{
	return min((long long)a, b);
}
inline long long max(int a, long long b)
{
	return max((long long)a, b);
}

/* Last: after every standard header (see the top of this file). */
#define __noinline__ __attribute__((noinline))

#endif
