/*
 * Where an element was handled in the exercises whose warps take runs of
 * 32 consecutive elements, `chunks` runs a warp (warp_scan, warp_reduce,
 * warp_allreduce, warp_vote, warp_compact): for their locate. Lane l of
 * global warp w takes element (w * chunks + k) * 32 + l of its k-th run.
 */
#ifndef HARNESS_PROBLEMS_COMMON_WARP_RUNS_H
#define HARNESS_PROBLEMS_COMMON_WARP_RUNS_H

#include <stdint.h>

#include "../problem.h"

/* The block and thread of lane `lane` of global warp `warp`, in blocks of
 * `block` threads. */
void where_lane(int64_t warp, int64_t lane, int64_t block, struct where *w);

/* The lane that takes element `index`. */
void where_in_runs(uint64_t index, int64_t chunks, int64_t block, struct where *w);

#endif
