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

/* struct problem's locate of block_softmax: block b takes rows b * per ..
 * b * per + per - 1, and element j of a row is thread j % blockDim.x's (if
 * each thread loops over the row in steps of blockDim.x). */
void softmax_locate_by_block(const struct jcase *c, int buf, uint64_t index, struct where *w);

/* struct problem's locate of warp_softmax: global warp w takes rows w * per
 * .. w * per + per - 1, and element j of a row is lane j % 32's. */
void softmax_locate_by_warp(const struct jcase *c, int buf, uint64_t index, struct where *w);

/* What both exercises' diagnoses start with: the row of the first mismatch
 * of y in *row (-1 when y has none to show), and the diagnosis of a row of
 * large inputs where expf overflowed, or NULL. */
const char *softmax_first_look(const struct jcase *c, const struct case_findings *f, int64_t *row);

/* True when every element of the row large enough to tell is off by one and
 * the same factor (within 0.1 %): the normalising sum is wrong. */
bool softmax_one_factor_off(const struct jcase *c, int64_t row);

/* True when the row's elements from `from` on, and only those, are unwritten. */
bool softmax_unwritten_from(const struct jcase *c, int64_t row, int64_t from);

#endif
