/*
 * The inputs and golden sums of the block-reduction exercises,
 * block_reduce_sum and cg_reduce: each block of `size` threads sums its
 * size * items consecutive elements, in one call (x) or two (x, then y).
 */
#ifndef HARNESS_PROBLEMS_COMMON_BLOCK_SUMS_H
#define HARNESS_PROBLEMS_COMMON_BLOCK_SUMS_H

#include <stdint.h>

#include "../problem.h"

/* Adds x (n floats), y (n, or 1 when calls == 1) and sums to case c, in
 * that order (their layouts' CJ_B_X, CJ_B_Y, CJ_B_SUMS). x is drawn from
 * [lo, hi) (1, 2, ..., n when lo == hi), then y (from [-1, 1) when lo ==
 * hi). Call k of block b sums x (k = 0) or y (k = 1); the sum, and the sum
 * of magnitudes as its tolerance scale, is due `copies` times from
 * sums[(b * calls + k) * copies] (every thread of the block, or only one). */
void block_sums_buffers(struct case_set *set, struct jcase *c, struct rng *rng, int64_t n,
                        int64_t size, int64_t items, int calls, int64_t copies, double lo,
                        double hi);

#endif
