/*
 * The emulator's <vector_types.h>: dim3, uint3, float2, float4 and their kin,
 * which the emulator's <cuda_runtime.h> declares.
 */
#ifndef HARNESS_EMU_VECTOR_TYPES_H
#define HARNESS_EMU_VECTOR_TYPES_H
#include "cuda_runtime.h"
#endif
