/*
 * The cases of warp_scan and warp_reduce, one table for both
 * (warp_run_cases.c): the same shapes, each drawn from the exercise's own
 * range (warp_scan's ints, warp_reduce's floats). Each exercise's struct
 * case_table is {TABLE(warp_run_rows), its add function, .has = its has
 * function below}; its add function reads its range of the row.
 */
#ifndef HARNESS_PROBLEMS_COMMON_WARP_RUN_CASES_H
#define HARNESS_PROBLEMS_COMMON_WARP_RUN_CASES_H

#include <stdbool.h>

#include "../problem.h"
#include "case_table.h"

/* Whose range, in struct warp_run_row's range[]. */
enum warp_run_exercise { WARP_RUN_SCAN, WARP_RUN_REDUCE, WARP_RUN_EXERCISES };

/* The range a case draws its inputs from: lo == hi for the samples, whose
 * inputs count 1, 2, ..., n (draw_ints, draw_floats); lo > hi when the
 * exercise has no such case. */
struct warp_run_range {
	double lo, hi;
};

/* A case: {name, {n, blockDim.x, calls in a row in one kernel, runs of 32
 * per warp}, n on the emulator when fewer}, and each exercise's range. */
struct warp_run_row {
	struct case_row head;
	struct warp_run_range range[WARP_RUN_EXERCISES];
};

/* The table (warp_run_cases.c), its rows in the order they are built.
 * WARP_RUN_ROWS must count them: with a row fewer there, the last would be
 * an empty one. */
#define WARP_RUN_ROWS 12
extern const struct warp_run_row warp_run_rows[WARP_RUN_ROWS];

/* struct case_table's has: the rows of warp_scan's cases, and warp_reduce's. */
bool warp_run_scan_has(const void *row);
bool warp_run_reduce_has(const void *row);

#endif
