/* The golden model shared by the softmax exercises. */
#ifndef HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H
#define HARNESS_PROBLEMS_SOFTMAX_GOLDEN_H

#include <stdint.h>

struct rng;

/* How the rows of a case are drawn (warp_softmax and block_softmax). */
enum softmax_spread {
	SPREAD_SMALL,    /* uniform in [-5, 5) */
	SPREAD_LARGE,    /* uniform in [-100, 100): exp overflows without the max */
	SPREAD_NEGATIVE, /* uniform in [-120, -100): exp underflows without the max */
	SPREAD_TIES,     /* every row constant, or two values only */
	SPREAD_DOMINANT, /* one element 40, the rest in [-40, -30) */
	SPREAD_RAMP,     /* the sample: x[j] = j * ramp_step */
};

/* Draws rows x len inputs into x and their golden softmax into y. */
void softmax_rows(struct rng *rng, float *x, float *y, int64_t rows, int64_t len,
                  enum softmax_spread s, float ramp_step);

/* Softmax of one row of len values, computed in double with the row's maximum
 * subtracted; written as float. */
void golden_softmax_row(const float *x, float *y, int64_t len);

#endif
