/*
 * Part of the emulator's <cuda_runtime.h> (included only from there): the
 * runtime API's types and functions (runtime_api.cpp defines them): errors,
 * devices, memory, streams, events, managed memory and symbols.
 */
#ifndef HARNESS_EMU_EMU_API_H
#define HARNESS_EMU_EMU_API_H

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

/* The device's limits; only the heap of malloc() in device code means
 * something on the emulator. */
enum cudaLimit {
	cudaLimitStackSize = 0x00,
	cudaLimitPrintfFifoSize = 0x01,
	cudaLimitMallocHeapSize = 0x02,
};
cudaError_t cudaDeviceSetLimit(cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *value, cudaLimit limit);

/* malloc() and free() in the learner's file and the glue: in device code
 * the device heap (memory.cpp: cudaLimitMallocHeapSize in all, 8 MiB unless
 * the host raises it, as on a GPU), in host code the C library's. Macros
 * without arguments, so that std::malloc is theirs too; the file and line
 * are the caller's. */
void *cj_emu_malloc(size_t bytes, const char *file = __builtin_FILE(), int line = __builtin_LINE());
void cj_emu_free(void *p);
namespace std
{
using ::cj_emu_free;
using ::cj_emu_malloc;
} // namespace std
#define malloc cj_emu_malloc
#define free cj_emu_free

#endif
