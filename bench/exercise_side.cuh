/*
 * The launch glue of exercise BENCH_ID (harness/problems/BENCH_ID/glue.cuh,
 * its device and host parts) for one side of its pair (exercise_pair.cuh;
 * no include guard). The shared glue headers that define a launch or read
 * the exercise's layout.h are read again for each side, their include
 * guards undone first, and the macros a glue defines for them are undone,
 * so that the next glue's definitions draw no warning.
 */
#undef CJ_COMMON_WARP_RUNS_CUH
#undef CJ_COMMON_BLOCK_SUMS_CUH
#undef CJ_BLOCK_SUMS_KERNEL
#undef HARNESS_PROBLEMS_COMMON_STATIC_SMEM_JUNK_CUH
#undef CJ_COMMON_SMEM_INTS_LAUNCH_CUH
#undef CJ_SMEM_INTS_KERNEL
#undef CJ_SMEM_INTS_IN
#undef CJ_SMEM_INTS_OUT
/* A path, not a division: */
/* clang-format off */
#include BENCH_XSTR(BENCH_ID/glue.cuh)
/* clang-format on */
