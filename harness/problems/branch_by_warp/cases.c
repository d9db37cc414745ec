/* branch_by_warp: cases, golden model, diagnoses and the speed rule (device
 * side: glue.cuh).
 *
 * path_a and path_b (given.cuh) iterate two logistic maps with
 * fmaf and one multiplication per step, so the C model below computes the
 * same floats bit for bit. Inputs come from a pool of values whose two
 * results are computed once (common/value_pool.c). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/elementwise.h"
#include "../common/registration.h"
#include "../common/value_pool.h"
#include "layout.h"

static const struct logistic_map path_a = {3.9f, 512}, path_b = {3.7f, 384};

/* The cases, in order: {name, {n, 256}}, and whether the speed rule is measured
 * on it. */
/* clang-format off */
static const struct pool_row case_rows[] = {
	{{LT("sample: 64 elements", "样例：64 个元素"), {64, 256}}},
	{{LT("n=1", "只有 1 个元素"), {1, 256}}},
	{{LT("n=33 (odd, part of a warp pair)", "n=33（奇数，不满一对 warp）"), {33, 256}}},
	{{LT("1000 elements", "1000 个元素"), {1000, 256}}},
	{{LT("50001 elements", "50001 个元素"), {50001, 256}}},
	{{LT("speed: 4 million elements against the baseline", "速度：400 万个元素，与基准对比"), {4 << 20, 256}, GPU_ONLY}, true},
	{{LT("timed", "计时"), {PERF_N, 256}}},
};
/* clang-format on */

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	static const struct pool_cases cases = {
	        case_rows, sizeof case_rows / sizeof case_rows[0], "x", "y", &path_a, &path_b};
	value_pool_cases(set, rng, e, plan, &cases);
}

/* The reference's mapping: warp 2p + q of the grid handles the elements of
 * parity q among elements [64p, 64p + 64). */
static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	int64_t i = (int64_t)index;
	int64_t warp = 2 * (i / 64) + i % 2, g = warp * 32 + (i % 64) / 2;
	w->block = g / 256;
	w->thread = g % 256;
}

/* The element went through the path of the other parity. */
static bool other_path(const struct elementwise_miss *m)
{
	return m->got == logistic_map_run(m->index % 2 == 0 ? &path_b : &path_a, m->in);
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	/* The known mistakes, in the order they are tried (common/elementwise.h). */
	static const struct elementwise_mistake mistakes[] = {
	        {other_path,
	         LT("some elements went through the other path: the path must still follow "
	            "the parity of the element's index; change which elements a warp takes, "
	            "not which path an element gets",
	            "有些元素走了另一条路径：走哪条路径仍须由元素下标的奇偶决定；要改的是每个 "
	            "warp 处理哪些元素，而不是元素走哪条路径")},
	        {elementwise_unwritten,
	         LT("some elements were never written: does your mapping from threads to "
	            "elements cover every index below n, including an odd n?",
	            "有些元素从未被写入：你从线程到元素的映射是否覆盖了小于 n 的每个下标（n "
	            "为奇数时也一样）？")},
	};
	return elementwise_diagnose(c, f, mistakes, sizeof mistakes / sizeof mistakes[0]);
}

static const struct speed_rule branch_speed = {
        .min_speedup = 1.5,
        .baseline = LT("the divergent baseline of the statement (one thread per element, "
                       "if (i % 2 == 0))",
                       "题目中会分叉的基准 kernel（每个线程一个元素，if (i % 2 == 0)）"),
        .advice = LT("Let every warp take elements of one parity only, so that no warp runs "
                     "both paths.",
                     "让每个 warp 只处理同一奇偶的元素，这样就没有 warp 会同时走两条路径。"),
};

PROBLEM(branch_by_warp, .speed = &branch_speed, .make_cases = make_cases, .locate = locate,
        .diagnose = diagnose);
