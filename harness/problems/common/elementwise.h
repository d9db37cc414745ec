/*
 * The elementwise exercises (layout: common/elementwise_layout.h): where an
 * element was computed in stream_overlap and event_dependency, by thread i
 * of a grid of blocks of 256; and the diagnoses of branch_by_warp and
 * stream_overlap, a list of known mistakes tried on the output's first
 * mismatch.
 */
#ifndef HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H
#define HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../problem.h"

/* struct problem's locate where thread i of the grid wrote element i. */
void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);

/* What a diagnosis looks at: the output's first mismatch shown. */
struct elementwise_miss {
	const struct case_findings *f;
	uint64_t index; /* of that element */
	float in, got;  /* the input and the output there */
};

/* A known mistake: whether a miss fits it (NULL: any), and what to say. */
struct elementwise_mistake {
	bool (*fits)(const struct elementwise_miss *m);
	struct lang_pair text; /* LT("english", "中文") */
};

/* What struct problem's diagnose returns, given the exercise's known mistakes
 * in the order they are tried: the text of the first that fits the output's
 * first mismatch shown, or NULL (also when the output has none to show). */
const char *elementwise_diagnose(const struct jcase *c, const struct case_findings *f,
                                 const struct elementwise_mistake *mistakes, size_t count);

/* fits: every mismatch of the output is an element never written. */
bool elementwise_unwritten(const struct elementwise_miss *m);

#endif
