/*
 * Where an element of the elementwise exercises, stream_overlap and
 * event_dependency (layout: common/elementwise_layout.h), was computed: by
 * thread i of a grid of blocks of 256.
 */
#ifndef HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H
#define HARNESS_PROBLEMS_COMMON_ELEMENTWISE_H

#include "../problem.h"

/* struct problem's locate where thread i of the grid wrote element i. */
void elementwise_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);

#endif
