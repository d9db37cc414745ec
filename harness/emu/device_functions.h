/*
 * The emulator's <device_functions.h>: __syncthreads, the intrinsics and the
 * atomics, which the emulator's <cuda_runtime.h> declares.
 */
#ifndef HARNESS_EMU_DEVICE_FUNCTIONS_H
#define HARNESS_EMU_DEVICE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
