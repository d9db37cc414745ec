/*
 * The cases of the exercises whose golden model iterates a logistic map
 * hundreds of times an element (branch_by_warp, stream_overlap; layout:
 * common/elementwise_layout.h): their inputs are drawn from a pool of
 * values whose results are computed once, which keeps the golden model
 * cheap for the millions of elements of a measured case.
 */
#ifndef HARNESS_PROBLEMS_COMMON_VALUE_POOL_H
#define HARNESS_PROBLEMS_COMMON_VALUE_POOL_H

#include <stdbool.h>
#include <stddef.h>

#include "../problem.h"
#include "case_table.h"

/* `steps` steps of the logistic map v = r v (1 - v). */
struct logistic_map {
	float r;
	int steps;
};

/* v after the map's steps, with one multiplication and one fmaf a step as
 * the templates' device code does it, so that the result is the same float
 * bit for bit (common/logistic_map.h). */
float logistic_map_run(const struct logistic_map *m, float v);

/* A case: {name, {n, 256}}, and whether the speed rule is measured on it. */
struct pool_row {
	struct case_row head;
	bool measure;
};

/* An exercise's cases: its rows, its buffers' names, and the map an input
 * goes through at an even index and at an odd one (odd NULL: the same). */
struct pool_cases {
	const struct pool_row *rows;
	size_t count;
	const char *in, *out;
	const struct logistic_map *even, *odd;
};

/* Draws the pool's values from [0.01, 0.99) and computes their results,
 * then builds the rows this plan runs: each input drawn from the pool. */
void value_pool_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                      const struct case_plan *plan, const struct pool_cases *cases);

#endif
