/*
 * The emulator's <cuda.h>: what files that include the driver API's header
 * for its version number and basic types use; the driver API itself (cuInit,
 * modules, contexts) does not exist on the emulator. It brings in the runtime
 * API, as many files expect of it.
 */
#ifndef HARNESS_EMU_CUDA_H
#define HARNESS_EMU_CUDA_H
#include "cuda_runtime.h"

#define CUDA_VERSION CUDART_VERSION
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef enum cudaError_enum {
	CUDA_SUCCESS = 0,
	CUDA_ERROR_INVALID_VALUE = 1,
	CUDA_ERROR_OUT_OF_MEMORY = 2,
	CUDA_ERROR_NOT_INITIALIZED = 3,
	CUDA_ERROR_NO_DEVICE = 100,
	CUDA_ERROR_INVALID_DEVICE = 101,
	CUDA_ERROR_UNKNOWN = 999,
} CUresult;
#endif
