/*
 * The cases of warp_scan and warp_reduce, one table for both: the same
 * shapes, each drawn from the exercise's own range (warp_scan's ints,
 * warp_reduce's floats). Each exercise's struct case_table is
 * {TABLE(warp_run_rows), its add function, .has = its has function below
 * (warp_run_cases.c)}; its add function reads its range of the row.
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

/* The table, its rows in the order they are built: each exercise's
 * case_table counts them (TABLE), so it is defined here, in each file that
 * uses it. */
/* clang-format off */
/* The range of an exercise that has no such case. */
#define WARP_RUN_NONE {1, 0}

static const struct warp_run_row warp_run_rows[] = {
	/* {head}, {warp_scan's range, warp_reduce's} */
	{{LT("sample: 1..32, one warp", "样例：1..32，一个 warp"), {32, 32, 1, 1}}, {{0, 0}, {0, 0}}},
	{{LT("one warp, negatives", "一个 warp，含负数"), {32, 32, 1, 1}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1, 1}}, {{-50, 50}, {-5, 5}}},
	{{LT("partial warp, block 96", "不满的 warp，block 96"), {45, 96, 1, 1}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("random, block 256", "随机，block 256"), {100003, 256, 1, 1}, 20003}, {{-100000, 100000}, {-1, 1}}},
	{{LT("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"), {1024 * 7 + 13, 1024, 1, 1}}, {{-(1 << 20), 1 << 20}, {-1, 1}}},
	{{LT("all negative, block 128", "全为负数，block 128"), {5000, 128, 1, 1}}, {WARP_RUN_NONE, {-100, -1}}},
	{{LT("large magnitudes", "大数值"), {5000, 128, 1, 1}}, {{-(1 << 25), 1 << 25}, {-1e6, 1e6}}},
	{{LT("called twice per kernel", "每个 kernel 调用两次"), {3001, 96, 2, 1}}, {{-100, 100}, WARP_RUN_NONE}},
	{{LT("called twice: sums and sums of squares", "调用两次：和与平方和"), {3001, 96, 2, 1}}, {WARP_RUN_NONE, {-2, 2}}},
	{{LT("4 runs of 32 per warp", "每个 warp 处理 4 段 32 个"), {20000, 128, 1, 4}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("timed", "计时"), {PERF_N, 256, 1, 8}}, {{-100, 100}, {-1, 1}}},
};
/* clang-format on */

/* struct case_table's has: the rows of warp_scan's cases, and warp_reduce's. */
bool warp_run_scan_has(const void *row);
bool warp_run_reduce_has(const void *row);

#endif
