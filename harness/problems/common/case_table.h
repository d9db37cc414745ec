/*
 * The cases of an exercise as a table, and the steps of building a case
 * that most exercises share, for their cases.c. An exercise lists its cases
 * as an array of rows, each starting with a struct case_row (its name and
 * size), and names it with the function that builds a row in its struct
 * problem: .table = &(a struct case_table), .make_cases =
 * case_table_make_cases. The rows are built in order, so the random draws
 * happen in the order the rows are listed.
 */
#ifndef HARNESS_PROBLEMS_COMMON_CASE_TABLE_H
#define HARNESS_PROBLEMS_COMMON_CASE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../problem.h"

/* A row's n when it is the timed case: the problems.yaml entry's perf.n;
 * the row is built only when the plan asks for a timed case. */
#define PERF_N (-1)
/* A row's n when the row runs on the emulator only (its size: emu). */
#define EMU_ONLY (-2)
/* A row's emu when the row does not run on the emulator at all. */
#define GPU_ONLY (-1)

/* The first member of every row of a case table. */
struct case_row {
	struct lang_pair name; /* LT("english", "中文") */
	int64_t n;             /* its size (what it counts is the exercise's), PERF_N or EMU_ONLY */
	int64_t emu;           /* its size on the emulator: 0 the same, else smaller, or GPU_ONLY */
};

/* One row as this run builds it. */
struct row_case {
	const char *name; /* in the learner's language */
	int64_t n;        /* the row's size in this run; perf.n for the timed row */
	bool timed;       /* the PERF_N row */
	bool emulated;    /* the plan's: a row may hold other values for the emulator */
};

/* Builds the case of `row`, the exercise's row type. */
typedef void case_row_fn(struct case_set *set, struct rng *rng, const void *row,
                         const struct row_case *rc);

/* An exercise's cases: an array of its rows, and how a row is built. */
struct case_table {
	const void *rows;
	size_t count;     /* rows */
	size_t row_bytes; /* sizeof one row */
	case_row_fn *add;
};

/* The first three members of a struct case_table for the array `rows`. */
#define TABLE(rows) (rows), sizeof(rows) / sizeof((rows)[0]), sizeof((rows)[0])

/* Builds the rows of the table that this plan runs, in order. */
void case_table_add(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                    const struct case_plan *plan, const struct case_table *t);

/* struct problem's make_cases for an exercise whose cases are its `table`
 * (found through the registry by e->id). */
void case_table_make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                           const struct case_plan *plan);

/* A case's param[], written by the names of the exercise's layout.h:
 * PARAMS([CJ_P_N] = n, [CJ_P_BLOCK] = block); the others are 0. */
#define PARAMS(...) ((const int64_t[CJ_MAX_PARAMS]){__VA_ARGS__})

/* A new case named `name` with param[] = `param`, timed or not. */
struct jcase *case_with_params(struct case_set *set, const char *name, bool timed,
                               const int64_t param[CJ_MAX_PARAMS]);

/* x[0..n): 1, 2, ..., n when lo == hi (the samples count), else drawn
 * uniformly from the integers [lo, hi]. */
void draw_ints(struct rng *rng, int32_t *x, int64_t n, int64_t lo, int64_t hi);

/* x[0..n): 1, 2, ..., n when lo == hi, else drawn uniformly from [lo, hi). */
void draw_floats(struct rng *rng, float *x, int64_t n, double lo, double hi);

#endif
