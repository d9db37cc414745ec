/*
 * The emulator's <device_launch_parameters.h>: threadIdx, blockIdx, blockDim,
 * gridDim and warpSize, which the emulator's <cuda_runtime.h> declares. Files
 * written for Visual Studio's CUDA template include it.
 */
#ifndef HARNESS_EMU_DEVICE_LAUNCH_PARAMETERS_H
#define HARNESS_EMU_DEVICE_LAUNCH_PARAMETERS_H
#include "cuda_runtime.h"
#endif
