/* branch_by_warp: cases, golden model, diagnoses and the speed rule (device
 * side: glue.cuh).
 *
 * path_a and path_b (given in the template) iterate two logistic maps with
 * fmaf and one multiplication per step, so the C model below computes the
 * same floats bit for bit. Inputs come from a pool of 4096 values whose two
 * results are computed once, which keeps the golden model cheap for the
 * millions of elements of the measured case. */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "layout.h"

#define POOL 4096

static float path_a(float v)
{
	for (int k = 0; k < 512; ++k) {
		float t = 3.9f * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

static float path_b(float v)
{
	for (int k = 0; k < 384; ++k) {
		float t = 3.7f * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

struct pool {
	float x[POOL], a[POOL], b[POOL];
};

static void add_case(struct case_set *set, struct rng *rng, const struct pool *p, const char *name,
                     int64_t n, bool measure, bool timed)
{
	struct jcase *c = case_new(set, name);
	c->param[CJ_P_N] = n;
	c->param[CJ_P_BLOCK] = 256;
	c->timed = timed;
	c->measure = measure;
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *y = case_buf(set, c, "y", CJ_F32, CJ_OUT, (uint64_t)n);
	float *xv = x->data, *want = y->expect;
	for (int64_t i = 0; i < n; ++i) {
		int k = (int)rng_range(rng, 0, POOL - 1);
		xv[i] = p->x[k];
		want[i] = i % 2 == 0 ? p->a[k] : p->b[k];
	}
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	static struct pool p;
	for (int k = 0; k < POOL; ++k) {
		p.x[k] = (float)rng_uniform(rng, 0.01, 0.99);
		p.a[k] = path_a(p.x[k]);
		p.b[k] = path_b(p.x[k]);
	}
	add_case(set, rng, &p, L("sample: 64 elements", "样例：64 个元素"), 64, false, false);
	add_case(set, rng, &p, L("n=1", "只有 1 个元素"), 1, false, false);
	add_case(set, rng, &p, L("n=33 (odd, part of a warp pair)", "n=33（奇数，不满一对 warp）"),
	         33, false, false);
	add_case(set, rng, &p, L("1000 elements", "1000 个元素"), 1000, false, false);
	add_case(set, rng, &p, L("50001 elements", "50001 个元素"), 50001, false, false);
	if (!plan->emulated)
		add_case(set, rng, &p,
		         L("speed: 4 million elements against the baseline",
		           "速度：400 万个元素，与基准对比"),
		         4 << 20, true, false);
	if (plan->timed)
		add_case(set, rng, &p, L("timed", "计时"), e->perf.n, false, true);
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

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_Y || f->report.nshown == 0)
		return NULL;
	const float *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_Y].data;
	uint64_t i = f->report.shown[0].index;
	float other = i % 2 == 0 ? path_b(x[i]) : path_a(x[i]);
	if (got[i] == other)
		return L("some elements went through the other path: the path must still follow "
		         "the parity of the element's index; change which elements a warp takes, "
		         "not which path an element gets",
		         "有些元素走了另一条路径：走哪条路径仍须由元素下标的奇偶决定；要改的是每个 "
		         "warp 处理哪些元素，而不是元素走哪条路径");
	if (f->report.unwritten == f->report.bad)
		return L("some elements were never written: does your mapping from threads to "
		         "elements cover every index below n, including an odd n?",
		         "有些元素从未被写入：你从线程到元素的映射是否覆盖了小于 n 的每个下标（n "
		         "为奇数时也一样）？");
	return NULL;
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

const struct problem branch_by_warp_problem = {
        .id = "branch_by_warp",
        .speed = &branch_speed,
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
