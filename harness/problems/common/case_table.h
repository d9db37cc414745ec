/*
 * The cases of an exercise as a table, and the steps of building a case
 * that most exercises share, for their cases.c. An exercise lists its cases
 * as an array of rows, each starting with a struct case_row (its name and
 * param[]), names the array, with the function that adds a case's buffers,
 * in a struct case_table `table`, and defines its struct problem with
 * TABLE_PROBLEM (which sets .table = &table and .make_cases =
 * case_table_make_cases). The rows are built in order, so the random draws
 * happen in the order the rows are listed.
 */
#ifndef HARNESS_PROBLEMS_COMMON_CASE_TABLE_H
#define HARNESS_PROBLEMS_COMMON_CASE_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../problem.h"
#include "registration.h"

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
	/* Optional: how many elements a case of the row draws when that is not
	 * its size, `size` (last_block_reduce: trials of `size` elements each);
	 * they, not its size, tell whether it is big. */
	int64_t (*elements)(const void *row, int64_t size);
	/* Optional: whether the row is one of the exercise's cases, when the
	 * table is one that several exercises share (common/warp_run_cases.h);
	 * else every row is. */
	bool (*has)(const void *row);
};

/* The first three members of a struct case_table for the array `rows`. */
#define TABLE(rows) (rows), sizeof(rows) / sizeof((rows)[0]), sizeof((rows)[0])

/* Defines the struct problem of an exercise whose cases are the struct
 * case_table its cases.c names `table` (registration.h: PROBLEM), with
 * the function that says which thread computed an element and the one that
 * names a known mistake, or NULL (struct problem's locate and diagnose). */
#define TABLE_PROBLEM(exercise, locate_fn, diagnose_fn)                                            \
	PROBLEM(exercise, TABLE_MEMBERS, .locate = (locate_fn), .diagnose = (diagnose_fn))
/* The members of a struct problem whose cases are the table `table`. */
#define TABLE_MEMBERS .table = &table, .make_cases = case_table_make_cases

/* Builds the rows of the table that this plan runs, in order; the big ones
 * that no small one follows are drawn in parallel. */
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
/*
 * Big cases. A GPU's timed case holds up to 128M elements: made on one
 * thread, its inputs and golden outputs took longer than the learner's
 * compile they are made beside. A case of at least BIG_CASE
 * elements computes its golden outputs on every core (engine/run/cases.h:
 * parallel_chunks), by independent units (runs, blocks, rows) or as partial
 * sums added in a fixed order. Its inputs are drawn on every core too when
 * no small case follows it in the table (case_table_add sets c->parallel):
 * a case drawn in chunks takes one draw of the case generator instead of
 * one per value, so every case after it gets other inputs, and a small case
 * must keep its own. The chunks, not the threads, decide the values.
 */
#define BIG_CASE ((int64_t)1 << 20)
/* Elements of one chunk of a big case's inputs or golden sums. */
#define CASE_CHUNK ((int64_t)1 << 16)

/* Fills elements [lo, hi) of a case (or units of elements: last_block_reduce
 * fills pieces of its trials): its inputs drawn from r in their order, and
 * any golden output that those elements alone decide. lo is a multiple of
 * the chunk given to fill_case. */
typedef void fill_fn(void *ctx, struct rng *r, int64_t lo, int64_t hi);

/* Fills [0, n) of case c: in one call from rng, or, when c->parallel, in
 * chunks of `chunk` elements on every core, each chunk drawing from its own
 * generator (case_chunk_rng, from one key drawn from rng). */
void fill_case(const struct jcase *c, struct rng *rng, int64_t n, int64_t chunk, fill_fn *fill,
               void *ctx);

/* The chunk of a golden sum over n elements: n when the case is small (one
 * sum in order, as its tolerance was set for), else CASE_CHUNK. */
int64_t sum_chunk(int64_t n);

/* How many units of `unit` elements (blocks, segments, rows) a chunk of a
 * golden computed unit by unit takes: about CASE_CHUNK elements, at least
 * one unit. */
int64_t units_per_chunk(int64_t unit);

/* x[0..n): 1, 2, ..., n when lo == hi (the samples count), else drawn
 * uniformly from the integers [lo, hi] (fill_case: in chunks when c is
 * drawn in parallel). */
void draw_ints(const struct jcase *c, struct rng *rng, int32_t *x, int64_t n, int64_t lo,
               int64_t hi);

/* x[0..n): 1, 2, ..., n when lo == hi, else drawn uniformly from [lo, hi). */
void draw_floats(const struct jcase *c, struct rng *rng, float *x, int64_t n, double lo, double hi);

#endif
