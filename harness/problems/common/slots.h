/*
 * The cases of the atomic-slot exercises, atomic_add_cas and
 * atomic_max_float (layout: common/slots_layout.h): the buffers every case
 * has, and where a value came from.
 */
#ifndef HARNESS_PROBLEMS_COMMON_SLOTS_H
#define HARNESS_PROBLEMS_COMMON_SLOTS_H

#include <stdbool.h>
#include <stdint.h>

#include "../problem.h"
#include "case_table.h"

/* What the case's buffers hold for the exercise to fill. */
struct slot_case {
	struct jcase *c;
	float *vals;
	int32_t *slot_of;
	float *start, *want; /* the slots before the launch, and after it */
};

/* Adds the buffers of case c (olds is checked by the exercise's check_extra). */
struct slot_case slot_buffers(struct case_set *set, struct jcase *c);

/* struct problem's locate for both: many threads wrote a slot, so none is
 * named; thread i's old value. */
void slot_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);

/* Defines the struct problem of a slot exercise, as TABLE_PROBLEM does
 * (case_table.h: its cases the table `table`), located by slot_locate, with
 * the exercise's own check of the old values its atomic returned (check_fn,
 * struct problem's check_extra) and its diagnose_fn. */
#define SLOT_PROBLEM(exercise, check_fn, diagnose_fn)                                              \
	PROBLEM(exercise, TABLE_MEMBERS, .locate = slot_locate, .check_extra = (check_fn),         \
	        .diagnose = (diagnose_fn))

#endif
