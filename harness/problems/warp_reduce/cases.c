/* warp_reduce: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/warp_run_cases.h"
#include "../common/warp_runs.h"
#include "layout.h"

/* The sums of the runs of 32 in elements [lo, hi) of case c (ctx); lo is a
 * multiple of 32. Lanes past n add 0. The squares are rounded to float
 * first, as the glue computes them on the device. */
static void golden_sums(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const float *xv = c->buf[CJ_B_X].data;
	float *want = c->buf[CJ_B_SUMS].expect;
	double *scale = c->buf[CJ_B_SUMS].scale;
	int64_t calls = c->param[CJ_P_CALLS];
	for (int64_t k = lo / 32; k * 32 < hi; ++k) {
		double s = 0, m = 0, q = 0;
		for (int64_t i = k * 32; i < k * 32 + 32 && i < hi; ++i) {
			float sq = xv[i] * xv[i];
			s += xv[i];
			m += fabs(xv[i]);
			q += sq;
		}
		want[k * calls] = (float)s;
		scale[k * calls] = m;
		if (calls > 1) {
			want[k * calls + 1] = (float)q;
			scale[k * calls + 1] = q;
		}
	}
}

/* Adds the buffers of a case of common/warp_run_cases.h: {name, {n,
 * blockDim.x, calls of the reduction (2: also on the squares), runs of 32
 * per warp}, n on the emulator when fewer}, and the inputs' range. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	struct warp_run_range r = ((const struct warp_run_row *)row)->range[WARP_RUN_REDUCE];
	int64_t n = c->param[CJ_P_N], calls = c->param[CJ_P_CALLS], runs = (n + 31) / 32;
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *sums = case_buf(set, c, "sums", CJ_F32, CJ_OUT, (uint64_t)(runs * calls));
	case_scale(sums);
	draw_floats(c, rng, x->data, n, r.lo, r.hi);
	parallel_chunks(n, CASE_CHUNK, golden_sums, c);
}

static const struct case_table table = {TABLE(warp_run_rows), add_buffers,
                                        .has = warp_run_reduce_has};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t run = (int64_t)index / c->param[CJ_P_CALLS];
	/* lane 0 stores; see glue.cuh */
	where_lane(run / c->param[CJ_P_CHUNKS], 0, c->param[CJ_P_BLOCK], w);
}

/* What lane 0 returns under a known mistake, for run values v[0..31]. */
typedef double (*pattern_fn)(const float *v);

static double own_value(const float *v)
{
	return v[0];
}

/* __shfl_up_sync hands lane 0 its own value at every step: v doubles 5 times. */
static double doubled_five_times(const float *v)
{
	return 32.0 * v[0];
}

/* Offsets 8, 4, 2, 1: lanes 0..15 only. */
static double lower_half(const float *v)
{
	double s = 0;
	for (int k = 0; k < 16; ++k)
		s += v[k];
	return s;
}

/* Offsets 16, 8, 4, 2: the even lanes only. */
static double even_lanes(const float *v)
{
	double s = 0;
	for (int k = 0; k < 32; k += 2)
		s += v[k];
	return s;
}

/* Each value truncated to an int before it is added. */
static double truncated(const float *v)
{
	double s = 0;
	for (int k = 0; k < 32; ++k)
		s += (double)(int)v[k];
	return s;
}

/* True when lane 0 of every complete run (up to a few thousand) returned what
 * `pattern` predicts, and at least one such run exists. */
static bool every_run(const struct jcase *c, pattern_fn pattern)
{
	const float *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_SUMS].data;
	int64_t n = c->param[CJ_P_N], calls = c->param[CJ_P_CALLS];
	int64_t full = n / 32 < 4096 ? n / 32 : 4096;
	for (int64_t r = 0; r < full; ++r) {
		double want = pattern(x + r * 32), mag = 0;
		for (int k = 0; k < 32; ++k)
			mag += fabs(x[r * 32 + k]);
		double g = got[r * calls];
		if (isnan(g) || fabs(g - want) > 1e-5 + 1e-4 * (mag + fabs(want)))
			return false;
	}
	return full > 0;
}

/* The known mistakes, in the order they are tried: what lane 0 returns under
 * each, and what to say. */
static const struct mistake {
	pattern_fn pattern;
	struct lang_pair text;
} mistakes[] = {
        {own_value, LT("lane 0 returned its own value: the values of the other lanes were never "
                       "added",
                       "lane 0 返回了自己的值：其他 lane 的值从未加进来")},
        {doubled_five_times,
         LT("lane 0 returned 32 times its own value: __shfl_up_sync hands lane 0 its "
            "own value back; fold the higher lanes down onto lane 0 with "
            "__shfl_down_sync",
            "lane 0 返回了自己的值的 32 倍：__shfl_up_sync 会把 lane 0 "
            "自己的值还给它；要用 __shfl_down_sync 把高编号 lane 的值逐步折叠到 lane "
            "0 上")},
        {lower_half, LT("lane 0 holds the sum of lanes 0..15 only: the offsets must start at 16 "
                        "(16, 8, 4, 2, 1)",
                        "lane 0 只得到了 lane 0..15 的和：偏移量必须从 16 开始（16, 8, 4, 2, 1）")},
        {even_lanes, LT("lane 0 holds the sum of the even lanes only: the last step, offset 1, is "
                        "missing",
                        "lane 0 只得到了偶数编号 lane 的和：缺少最后一步，即偏移量 1")},
        {truncated, LT("the fractional parts were lost: was something kept in an int?",
                       "小数部分丢了：是不是有什么存在了 int 里？")},
};

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SUMS || f->report.nshown == 0)
		return NULL;
	for (const struct mistake *m = mistakes;
	     m < mistakes + sizeof mistakes / sizeof mistakes[0]; ++m)
		if (every_run(c, m->pattern))
			return lang_pick(m->text);
	bool squares_only = c->param[CJ_P_CALLS] > 1;
	for (int i = 0; i < f->report.nshown; ++i)
		squares_only &= f->report.shown[i].index % 2 == 1;
	if (squares_only)
		return L(
		        "the first call in each kernel is right but the second is wrong: the "
		        "function must leave nothing behind that a second call depends on",
		        "每个 kernel "
		        "里第一次调用正确，第二次却错了：函数不能留下任何会让第二次调用依赖的状态");
	return NULL;
}

TABLE_PROBLEM(warp_reduce, locate, diagnose);
