/*
 * Which lanes of a run of 32 vote true (warp_vote) or keep their value
 * (warp_compact): the patterns their cases cycle through, so that every
 * case mixes warps where no lane, every lane, one lane and some lanes do.
 */
#ifndef HARNESS_PROBLEMS_COMMON_LANE_PATTERNS_H
#define HARNESS_PROBLEMS_COMMON_LANE_PATTERNS_H

#include <stdbool.h>

struct rng;

enum lane_pattern { NONE, ALL, ONE, ALL_BUT_ONE, ALTERNATE, HALF, SPARSE, PATTERNS };

/* Whether `lane` is picked in a run of pattern p; `special` is the run's
 * one lane (ONE, ALL_BUT_ONE) or parity (ALTERNATE). HALF and SPARSE draw. */
bool lane_picked(struct rng *rng, enum lane_pattern p, int lane, int special);

#endif
