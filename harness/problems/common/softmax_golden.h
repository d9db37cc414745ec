/* The golden model shared by the softmax exercises. */
#ifndef HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H
#define HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H

#include <stdbool.h>
#include <stdint.h>

struct rng;

/* How the inputs of a case are drawn: by rows in warp_softmax and
 * block_softmax (softmax_rows), as one input in global_softmax. */
enum softmax_spread {
	SPREAD_SMALL,    /* uniform in [-5, 5) */
	SPREAD_LARGE,    /* uniform in [-100, 100): exp overflows without the max */
	SPREAD_NEGATIVE, /* uniform in [-120, -100): exp underflows without the max */
	SPREAD_TIES,     /* every row constant, or two values only (global_softmax: all equal) */
	SPREAD_DOMINANT, /* one element 40, the rest in [-40, -30) */
	SPREAD_RAMP,     /* the sample: x[j] = j * ramp_step (global_softmax: (i % 10) / 2) */
	SPREAD_STEPS,    /* global_softmax: slice b in [2b - 1, 2b + 1), maxima far apart */
};

/* One input of the spreads every softmax exercise draws alike: SPREAD_LARGE,
 * SPREAD_NEGATIVE, SPREAD_DOMINANT (40 for the `hot` element) and, for any
 * other, SPREAD_SMALL. */
float softmax_draw(struct rng *rng, enum softmax_spread s, bool hot);

/* Draws rows [lo, hi) of a matrix of rows of len inputs into x, and their
 * golden softmax into y (x and y: the whole matrix): each row's in double with
 * its maximum subtracted, written as float. */
void softmax_rows(struct rng *rng, float *x, float *y, int64_t lo, int64_t hi, int64_t len,
                  enum softmax_spread s, float ramp_step);

#endif
