/* The cases of warp_scan and warp_reduce; see warp_run_cases.h. */
#include "warp_run_cases.h"

/* clang-format off */
/* The range of an exercise that has no such case. */
#define NO_CASE {1, 0}

const struct warp_run_row warp_run_rows[WARP_RUN_ROWS] = {
	/* {head}, {warp_scan's range, warp_reduce's} */
	{{LT("sample: 1..32, one warp", "样例：1..32，一个 warp"), {32, 32, 1, 1}}, {{0, 0}, {0, 0}}},
	{{LT("one warp, negatives", "一个 warp，含负数"), {32, 32, 1, 1}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1, 1}}, {{-50, 50}, {-5, 5}}},
	{{LT("partial warp, block 96", "不满的 warp，block 96"), {45, 96, 1, 1}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("random, block 256", "随机，block 256"), {100003, 256, 1, 1}, 20003}, {{-100000, 100000}, {-1, 1}}},
	{{LT("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"), {1024 * 7 + 13, 1024, 1, 1}}, {{-(1 << 20), 1 << 20}, {-1, 1}}},
	{{LT("all negative, block 128", "全为负数，block 128"), {5000, 128, 1, 1}}, {NO_CASE, {-100, -1}}},
	{{LT("large magnitudes", "大数值"), {5000, 128, 1, 1}}, {{-(1 << 25), 1 << 25}, {-1e6, 1e6}}},
	{{LT("called twice per kernel", "每个 kernel 调用两次"), {3001, 96, 2, 1}}, {{-100, 100}, NO_CASE}},
	{{LT("called twice: sums and sums of squares", "调用两次：和与平方和"), {3001, 96, 2, 1}}, {NO_CASE, {-2, 2}}},
	{{LT("4 runs of 32 per warp", "每个 warp 处理 4 段 32 个"), {20000, 128, 1, 4}}, {{-1000, 1000}, {-1, 1}}},
	{{LT("timed", "计时"), {PERF_N, 256, 1, 8}}, {{-100, 100}, {-1, 1}}},
};
/* clang-format on */

static bool has(const void *row, enum warp_run_exercise which)
{
	const struct warp_run_range *r = &((const struct warp_run_row *)row)->range[which];
	return r->lo <= r->hi;
}

bool warp_run_scan_has(const void *row)
{
	return has(row, WARP_RUN_SCAN);
}

bool warp_run_reduce_has(const void *row)
{
	return has(row, WARP_RUN_REDUCE);
}
