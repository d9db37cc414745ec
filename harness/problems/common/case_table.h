/*
 * The cases of an exercise as a table, and the steps of building a case
 * that most exercises share, for their cases.c. An exercise lists its cases
 * as an array of rows, each starting with a struct case_row (its name and
 * param[]), and names the array, with the function that adds a case's
 * buffers, in its struct problem: .table = &(its struct case_table),
 * .make_cases = case_table_make_cases. The rows are built in order, so the
 * random draws happen in the order the rows are listed.
 */
#ifndef HARNESS_PROBLEMS_COMMON_CASE_TABLE_H
#define HARNESS_PROBLEMS_COMMON_CASE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../problem.h"

/* param[0] of the timed case's row: the problems.yaml entry's perf.n. The
 * row is built only when the plan asks for a timed case. */
#define PERF_N (-1)
/* param[0] of a row that runs on the emulator only (emu: its param[0]). */
#define EMU_ONLY (-2)
/* emu of a row that does not run on the emulator at all. */
#define GPU_ONLY (-1)

/* The first member of every row of a case table. */
struct case_row {
	struct lang_pair name; /* LT("english", "中文") */
	/* The case's param[], in the order of the exercise's layout.h. param[0]
	 * is its size (elements, rows, channels), PERF_N or EMU_ONLY. */
	int64_t param[CJ_MAX_PARAMS];
	int64_t emu; /* param[0] on the emulator: 0 the same, else smaller, or GPU_ONLY */
};

/* Adds the buffers of case c, made from `row` (the exercise's row type):
 * c->param is the row's, its size that of this run (perf.n for the timed
 * case, c->timed). It may set the parameters that follow from others. */
typedef void case_row_fn(struct case_set *set, struct rng *rng, struct jcase *c, const void *row);

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

/* The data of a case with one input and one output of n elements. */
struct in_out {
	void *in;   /* the input's data */
	void *want; /* the output's golden values */
};

/* Adds them to c: `in` then `out`, both of type elem (enum cj_elem). */
struct in_out in_out_buffers(struct case_set *set, struct jcase *c, uint32_t elem, const char *in,
                             const char *out, int64_t n);

/* A row whose inputs are drawn from a range: lo == hi for the samples,
 * whose inputs count 1, 2, ..., n (see draw_ints and draw_floats). */
struct range_row {
	struct case_row head;
	double lo, hi;
};

/* A row whose input counts 0, 1, 2, ... (a sample that reads at a glance)
 * when `counting` is set, and is drawn at random otherwise. */
struct counting_row {
	struct case_row head;
	bool counting;
};

/* x[0..n): 1, 2, ..., n when lo == hi (the samples count), else drawn
 * uniformly from the integers [lo, hi]. */
void draw_ints(struct rng *rng, int32_t *x, int64_t n, int64_t lo, int64_t hi);

/* x[0..n): 1, 2, ..., n when lo == hi, else drawn uniformly from [lo, hi). */
void draw_floats(struct rng *rng, float *x, int64_t n, double lo, double hi);

#endif
