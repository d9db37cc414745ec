/*
 * The cases and the shared diagnoses of the row-softmax exercises,
 * warp_softmax and block_softmax (layout: common/softmax_layout.h): each
 * lists its cases as a table of struct softmax_row, built by softmax_case.
 */
#ifndef HARNESS_PROBLEMS_COMMON_SOFTMAX_CASES_H
#define HARNESS_PROBLEMS_COMMON_SOFTMAX_CASES_H

#include <stddef.h>

#include "../problem.h"
#include "case_table.h"
#include "softmax_golden.h"

/* A case: param[] (rows, len, blockDim.x, rows per warp or block; the
 * timed row's rows count elements: it gets perf.n / len rows), and how its
 * rows are drawn. */
struct softmax_row {
	struct case_row head;
	enum softmax_spread spread;
	float ramp_step; /* SPREAD_RAMP's x[j] = j * ramp_step (the sample) */
};

/* Adds the buffers of a case of a table of struct softmax_row. */
case_row_fn softmax_case;

/* The row of the first mismatch of y. */
int64_t softmax_bad_row(const struct jcase *c, const struct case_findings *f);

/* True when every element of the row large enough to tell is off by one and
 * the same factor (within 0.1 %): the normalising sum is wrong. */
bool softmax_one_factor_off(const struct jcase *c, int64_t row);

/* True when the row's elements from `from` on, and only those, are unwritten. */
bool softmax_unwritten_from(const struct jcase *c, int64_t row, int64_t from);

/* The diagnosis of a first mismatch that came out inf, NaN or 0 (written)
 * in a row of large inputs, where expf overflows without the row's maximum;
 * NULL when that is not what happened. */
const char *softmax_overflow(const struct jcase *c, const struct case_findings *f);

#endif
