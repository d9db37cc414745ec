/*
 * The emulator's <cuda_runtime_api.h>: the runtime API, which the emulator's
 * <cuda_runtime.h> declares.
 */
#ifndef HARNESS_EMU_CUDA_RUNTIME_API_H
#define HARNESS_EMU_CUDA_RUNTIME_API_H
#include "cuda_runtime.h"
#endif
