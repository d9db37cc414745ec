/*
 * The cases of the atomic-slot exercises, atomic_add_cas and
 * atomic_max_float (layout: common/slots_layout.h): the buffers every case
 * has, where a value came from, and the threads of each slot, which their
 * checks of the returned old values take slot by slot on every core.
 */
#ifndef HARNESS_PROBLEMS_COMMON_SLOTS_H
#define HARNESS_PROBLEMS_COMMON_SLOTS_H

#include <stdbool.h>
#include <stddef.h>
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

/* A thread's value and the old value it got back. */
struct slot_thread {
	float val, old;
};

/* The threads of a case grouped by the slot they update, for the checks of
 * the old values: slot k's threads, in index order, are threads[first[k]]
 * .. threads[first[k + 1] - 1] (contiguous, so that a slot's check reads
 * them from the cache). */
struct slot_threads {
	int64_t *first; /* slots + 1 */
	struct slot_thread *threads;
};

/* Groups the threads of case c by slot, counted and copied in chunks on
 * every core; false when memory ran out. */
bool slot_threads_make(const struct jcase *c, struct slot_threads *t);
void slot_threads_free(struct slot_threads *t);

/* Slots per chunk of a loop over the slots of case c on every core: about
 * CASE_CHUNK threads' worth, at least one slot. */
int64_t slots_per_chunk(const struct jcase *c);

/* The first thread, in index order, that is thread at[k] (counted from 0 in
 * index order) of its slot k, where at[k] is -1 for a slot that has none
 * to name; n when no slot has one. */
int64_t slot_thread_first(const struct jcase *c, const int64_t *at);

/* Says in why that memory ran out while the returned values were checked
 * (either exercise's check_extra). */
void slot_check_out_of_memory(char *why, size_t whylen);

/* Defines the struct problem of a slot exercise, as TABLE_PROBLEM does
 * (case_table.h: its cases the table `table`), located by slot_locate, with
 * the exercise's own check of the old values its atomic returned (check_fn,
 * struct problem's check_extra) and its diagnose_fn. */
#define SLOT_PROBLEM(exercise, check_fn, diagnose_fn)                                              \
	PROBLEM(exercise, TABLE_MEMBERS, .locate = slot_locate, .check_extra = (check_fn),         \
	        .diagnose = (diagnose_fn))

#endif
