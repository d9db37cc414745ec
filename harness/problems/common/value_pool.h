/*
 * The inputs of the exercises whose golden model iterates a logistic map
 * hundreds of times an element (branch_by_warp, stream_overlap): drawn from
 * a pool of values whose results are computed once, which keeps the golden
 * model cheap for the millions of elements of a measured case.
 */
#ifndef HARNESS_PROBLEMS_COMMON_VALUE_POOL_H
#define HARNESS_PROBLEMS_COMMON_VALUE_POOL_H

#include <stdint.h>

struct rng;

#define VALUE_POOL 4096

/* v after `steps` steps of v = r v (1 - v), with one multiplication and one
 * fmaf a step as the templates' device code does it, so that the result is
 * the same float bit for bit. */
float logistic_steps(float v, float r, int steps);

/* The pool: values, and what each becomes at an even and at an odd index. */
struct value_pool {
	float x[VALUE_POOL], even[VALUE_POOL], odd[VALUE_POOL];
};

/* Draws the values from [0.01, 0.99), then computes their results on every
 * core (odd == NULL: the same as at an even index). */
void value_pool_fill(struct rng *rng, struct value_pool *p, float (*even)(float),
                     float (*odd)(float));

/* in[i] drawn from the pool, want[i] its result, for i in [0, n) of case c
 * (in chunks on every core when c is drawn in parallel). */
struct jcase;
void value_pool_draw(const struct jcase *c, struct rng *rng, const struct value_pool *p, float *in,
                     float *want, int64_t n);

#endif
