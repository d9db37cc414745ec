/*
 * Launch glue for smem_reverse: one thread per element, blockDim.x ints of
 * dynamic shared memory per block (the learner's `extern __shared__` array).
 * The launch, cj_launch(), is common/smem_ints_launch.cuh's, with the kernel
 * and the buffers named below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "smem_reverse/layout.h"

CJ_DECLARE_KERNEL(reverse_array, "_Z13reverse_arrayPKiPii", (const int *in, int *out, int n));

#define CJ_SMEM_INTS_KERNEL reverse_array
#define CJ_SMEM_INTS_IN CJ_B_IN
#define CJ_SMEM_INTS_OUT CJ_B_OUT
#include "common/smem_ints_launch.cuh"
