/*
 * The cases of the elementwise exercises, branch_by_warp, stream_overlap
 * and event_dependency (layout: common/elementwise_layout.h): n floats in,
 * n floats out, blocks of 256.
 */
#ifndef HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H
#define HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H

#include "../problem.h"
#include "case_table.h"

/* The floats of a case for the exercise to fill. */
struct elementwise_case {
	struct jcase *c;
	float *in;   /* the input's data */
	float *want; /* the output's golden values */
};

/* The row's case with its two buffers, named as the exercise names them. */
struct elementwise_case elementwise_case(struct case_set *set, const struct row_case *rc,
                                         const char *in, const char *out);

/* struct problem's locate where thread i of the grid wrote element i. */
void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);

#endif
