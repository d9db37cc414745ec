/*
 * Launch glue for shared_reduce: block b sums x[b * block, (b + 1) * block)
 * into sums[b]; blockDim.x ints of dynamic shared memory per block. The
 * launch, cj_launch(), is common/smem_ints_launch.cuh's, with the kernel and
 * the buffers named below.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "shared_reduce/layout.h"

CJ_DECLARE_KERNEL(block_sums, "_Z10block_sumsPKiPii", (const int *x, int *sums, int n));

#define CJ_SMEM_INTS_KERNEL block_sums
#define CJ_SMEM_INTS_IN CJ_B_X
#define CJ_SMEM_INTS_OUT CJ_B_SUMS
#include "common/smem_ints_launch.cuh"
