/* warp_softmax: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/softmax_golden.h"
#include "layout.h"

static void add_case(struct case_set *set, struct rng *rng, const char *name, int64_t rows,
                     int64_t len, int block, int rpw, enum softmax_spread spread, bool timed)
{
	struct jcase *c = case_new(set, name);
	c->param[CJ_P_ROWS] = rows;
	c->param[CJ_P_LEN] = len;
	c->param[CJ_P_BLOCK] = block;
	c->param[CJ_P_RPW] = rpw;
	c->timed = timed;
	uint64_t n = (uint64_t)(rows * len);
	float *x = case_buf(set, c, "x", CJ_F32, CJ_IN, n)->data;
	float *y = case_buf(set, c, "y", CJ_F32, CJ_OUT, n)->expect;
	softmax_rows(rng, x, y, rows, len, spread, 1.0f / 4);
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	add_case(set, rng, L("sample: one row 0, 0.25, ..., 7.75", "样例：一行 0, 0.25, ..., 7.75"),
	         1, 32, 32, 1, SPREAD_RAMP, false);
	add_case(set, rng, L("len 1", "行长 1"), 50, 1, 64, 1, SPREAD_SMALL, false);
	add_case(set, rng, L("len 31, block 32", "行长 31，block 32"), 40, 31, 32, 1, SPREAD_SMALL,
	         false);
	add_case(set, rng, L("len 33, block 96", "行长 33，block 96"), 50, 33, 96, 1, SPREAD_SMALL,
	         false);
	add_case(set, rng, L("len 300, 3 rows per warp", "行长 300，每个 warp 3 行"), 100, 300, 64,
	         3, SPREAD_SMALL, false);
	add_case(set, rng, L("len 1000, block 1024", "行长 1000，block 1024"), 70, 1000, 1024, 1,
	         SPREAD_SMALL, false);
	add_case(set, rng, L("len 1024", "行长 1024"), 64, 1024, 128, 1, SPREAD_SMALL, false);
	add_case(set, rng, L("len 4099 (long rows)", "行长 4099（长行）"), 9, 4099, 96, 1,
	         SPREAD_SMALL, false);
	add_case(set, rng, L("inputs up to +-100 (exp overflows)", "输入可达 +-100（exp 上溢）"),
	         60, 250, 128, 1, SPREAD_LARGE, false);
	add_case(set, rng,
	         L("all in [-120, -100) (exp underflows)", "都在 [-120, -100)（exp 下溢）"), 60,
	         130, 128, 2, SPREAD_NEGATIVE, false);
	add_case(set, rng, L("ties: constant and two-valued rows", "并列：常数行与只有两种值的行"),
	         40, 70, 64, 1, SPREAD_TIES, false);
	add_case(set, rng, L("one dominant element per row", "每行有一个极大的元素"), 40, 500, 256,
	         1, SPREAD_DOMINANT, false);
	add_case(set, rng, L("random, many rows", "随机，很多行"), plan->emulated ? 200 : 4000, 97,
	         256, 1, SPREAD_SMALL, false);
	if (plan->timed)
		add_case(set, rng, L("timed", "计时"), e->perf.n / 1024, 1024, 256, 1, SPREAD_SMALL,
		         true);
}

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t len = c->param[CJ_P_LEN], row = (int64_t)index / len;
	int64_t warp = row / c->param[CJ_P_RPW];                            /* see glue.cuh */
	int64_t thread = warp * 32 + (int64_t)(index % (uint64_t)len) % 32; /* if lane j % 32 */
	w->block = thread / c->param[CJ_P_BLOCK];
	w->thread = thread % c->param[CJ_P_BLOCK];
}

/* The row of the first mismatch: its got / want ratio when that is the same
 * (within 0.1 %) for every element large enough to tell, else 0. */
static double row_ratio(const struct jcase *c, int64_t row)
{
	int64_t len = c->param[CJ_P_LEN];
	const float *got = (const float *)c->buf[CJ_B_Y].data + row * len;
	const float *want = (const float *)c->buf[CJ_B_Y].expect + row * len;
	double ratio = 0;
	for (int64_t j = 0; j < len; ++j) {
		if (want[j] < 1e-20f)
			continue;
		double q = got[j] / want[j];
		if (!isfinite(q) || (ratio != 0 && fabs(q - ratio) > 1e-3 * ratio))
			return 0;
		ratio = q;
	}
	return ratio;
}

/* True when, in the row, exactly the elements past the first 32 are unwritten. */
static bool only_first_32(const struct jcase *c, int64_t row)
{
	int64_t len = c->param[CJ_P_LEN];
	const uint32_t *bits = (const uint32_t *)c->buf[CJ_B_Y].data + row * len;
	for (int64_t j = 0; j < len; ++j)
		if ((bits[j] == 0xffffffffu) != (j >= 32))
			return false;
	return true;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_Y || f->report.nshown == 0)
		return NULL;
	const struct mismatch *m = &f->report.shown[0];
	int64_t len = c->param[CJ_P_LEN], row = (int64_t)m->index / len;
	const float *x = (const float *)c->buf[CJ_B_X].data + row * len;
	double big = 0;
	for (int64_t j = 0; j < len; ++j)
		big = fabs(x[j]) > big ? fabs(x[j]) : big;
	if ((!isfinite(m->got) || m->got == 0) && m->got_bits != 0xffffffffu && big > 80)
		return L("wrong where inputs are large in magnitude: expf overflows above about 88 "
		         "(inf / inf is NaN, x / inf is 0) and gives 0 below about -103. Subtract "
		         "the row's maximum before expf, which leaves the softmax unchanged",
		         "输入绝对值大的地方出错：expf 的参数超过约 88 会上溢（inf / inf 得 NaN，x "
		         "/ inf 得 0），低于约 -103 会得到 0。在 expf "
		         "之前减去这一行的最大值，softmax 的结果不变");
	if (len > 32 && only_first_32(c, row))
		return L("only the first 32 elements of the row were written: each lane must loop "
		         "over the row in steps of 32 (j = lane, lane + 32, ...), in the sums too",
		         "每行只写了前 32 个元素：每个 lane 都要以 32 为步长循环遍历整行（j = "
		         "lane, lane + 32, ...），求和时也一样");
	double ratio = row_ratio(c, row);
	if (ratio != 0 && fabs(ratio - 1) > 1e-3)
		return L("each element is off by the same factor within a row: the normalising sum "
		         "is wrong. Every lane must divide by the sum of expf(x - max) over the "
		         "whole row (all lanes' parts, reduced across the warp)",
		         "同一行里每个元素都差了同一个倍数：用来归一化的总和不对。每个 lane "
		         "都要除以整行 expf(x - max) 之和（所有 lane 的部分和，在 warp 内归约）");
	return NULL;
}

const struct problem warp_softmax_problem = {
        .id = "warp_softmax",
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
