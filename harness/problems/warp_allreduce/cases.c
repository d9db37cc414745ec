/* warp_allreduce: cases, golden model (sums in double) and diagnoses (device
 * side: glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/warp_runs.h"
#include "layout.h"

/* Distributions of the inputs. */
enum spread { RAMP, UNIFORM, TIES };

/* A case: {name, {n, blockDim.x, calls of each function in a row, runs of
 * 32 per warp}, n on the emulator when fewer}, and how the inputs are
 * drawn. */
struct allreduce_row {
	struct case_row head;
	enum spread spread;
	double lo, hi; /* UNIFORM's range */
};

struct draw {
	const struct allreduce_row *row;
	float *x;
};

static void fill_x(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct draw *d = ctx;
	static const float ties[] = {-3.0f, -1.5f, -0.25f, 0.5f, 2.0f};
	for (int64_t i = lo; i < hi; ++i) {
		switch (d->row->spread) {
		case RAMP:
			d->x[i] = (float)(i + 1);
			break;
		case TIES:
			/* a few values, the largest one rarely: several lanes share the max */
			d->x[i] = ties[rng_range(rng, 0, 3) + (rng_range(rng, 0, 15) == 0)];
			break;
		default:
			d->x[i] = (float)rng_uniform(rng, d->row->lo, d->row->hi);
			break;
		}
	}
}

/* Every lane of a run gets the same answer: the runs of 32 in elements [lo,
 * hi) of case c (ctx), lo a multiple of 32. Lanes past n add 0 and do not
 * raise the maximum. A second pass of the sum adds 32 equal values. */
static void golden_runs(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const float *xv = c->buf[CJ_B_X].data;
	float *want_sum = c->buf[CJ_B_SUMS].expect, *want_max = c->buf[CJ_B_MAXS].expect;
	double *scale = c->buf[CJ_B_SUMS].scale;
	for (int64_t k = lo; k < hi; k += 32) {
		double s = 0, m = 0;
		float mx = -INFINITY;
		for (int64_t i = k; i < k + 32 && i < hi; ++i) {
			s += xv[i];
			m += fabs(xv[i]);
			if (xv[i] > mx)
				mx = xv[i];
		}
		if (c->param[CJ_P_PASSES] > 1) {
			s *= 32;
			m *= 32;
		}
		for (int64_t i = k; i < k + 32 && i < hi; ++i) {
			want_sum[i] = (float)s;
			scale[i] = m;
			want_max[i] = mx;
		}
	}
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	int64_t n = c->param[CJ_P_N];
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *sums = case_buf(set, c, "sums", CJ_F32, CJ_OUT, (uint64_t)n);
	case_buf(set, c, "maxs", CJ_F32, CJ_OUT, (uint64_t)n);
	case_scale(sums);
	struct draw d = {row, x->data};
	fill_case(c, rng, n, CASE_CHUNK, fill_x, &d);
	parallel_chunks(n, CASE_CHUNK, golden_runs, c);
}

/* clang-format off */
static const struct allreduce_row case_rows[] = {
	{{LT("sample: 1..32, one warp", "样例：1..32，一个 warp"), {32, 32, 1, 1}}, RAMP},
	{{LT("one warp, negatives", "一个 warp，含负数"), {32, 32, 1, 1}}, UNIFORM, -1, 1},
	{{LT("all negative, block 128", "全为负数，block 128"), {3000, 128, 1, 1}}, UNIFORM, -100, -1},
	{{LT("ties, block 96", "有并列最大值，block 96"), {4000, 96, 1, 1}}, TIES},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1, 1}}, UNIFORM, -5, -1},
	{{LT("partial warp, block 96", "不满的 warp，block 96"), {45, 96, 1, 1}}, UNIFORM, -1, 1},
	{{LT("random, block 256", "随机，block 256"), {100003, 256, 1, 1}, 20003}, UNIFORM, -1, 1},
	{{LT("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"), {1024 * 5 + 7, 1024, 1, 1}}, UNIFORM, -1, 1},
	{{LT("large magnitudes", "大数值"), {5000, 128, 1, 1}}, UNIFORM, -1e30, 1e30},
	{{LT("called twice per kernel", "每个 kernel 调用两次"), {3001, 96, 2, 1}}, UNIFORM, -1, 1},
	{{LT("4 runs of 32 per warp", "每个 warp 处理 4 段 32 个"), {20000, 256, 1, 4}}, UNIFORM, -1, 1},
	{{LT("timed", "计时"), {PERF_N, 256, 1, 8}}, UNIFORM, -1, 1},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	where_in_runs(index, c->param[CJ_P_CHUNKS], c->param[CJ_P_BLOCK], w); /* see glue.cuh */
}

static bool near(double got, double want, double mag)
{
	return !isnan(got) && fabs(got - want) <= 1e-5 + 1e-4 * (mag + fabs(want));
}

/* Over the complete runs of 32 (at most a few thousand): does lane k of each
 * run hold pattern(values of the run, k)? */
static bool every_lane(const struct jcase *c, int buf, double (*pattern)(const float *v, int k))
{
	const float *x = c->buf[CJ_B_X].data, *got = c->buf[buf].data;
	int64_t full = c->param[CJ_P_N] / 32 < 2048 ? c->param[CJ_P_N] / 32 : 2048;
	for (int64_t r = 0; r < full; ++r) {
		double mag = 0;
		for (int k = 0; k < 32; ++k)
			mag += fabs(x[r * 32 + k]);
		for (int k = 0; k < 32; ++k)
			if (!near(got[r * 32 + k], pattern(x + r * 32, k), mag))
				return false;
	}
	return full > 0;
}

/* Is `lane` right in every complete run while some other lane is wrong? */
static bool only_lane_right(const struct jcase *c, int buf, int lane)
{
	const float *got = c->buf[buf].data, *want = c->buf[buf].expect;
	const double *scale = c->buf[buf].scale;
	int64_t full = c->param[CJ_P_N] / 32 < 2048 ? c->param[CJ_P_N] / 32 : 2048;
	bool other_wrong = false;
	for (int64_t r = 0; r < full; ++r)
		for (int k = 0; k < 32; ++k) {
			int64_t i = r * 32 + k;
			bool ok = near(got[i], want[i], scale ? scale[i] : 0);
			if (k == lane && !ok)
				return false;
			other_wrong |= k != lane && !ok;
		}
	return other_wrong;
}

static double own(const float *v, int k)
{
	return v[k];
}

/* The sum (or, with `max`, the maximum, starting from `start`) of the
 * count values v[from..from + count), each truncated to an int first when
 * `truncate`: what a lane of a run holds under the mistakes below. */
static double fold(const float *v, int from, int count, bool max, double start, bool truncate)
{
	double r = start;
	for (int j = from; j < from + count; ++j) {
		double x = truncate ? (double)(int)v[j] : v[j];
		r = max ? (x > r ? x : r) : r + x;
	}
	return r;
}

/* xor masks 8, 4, 2, 1 only: each lane ends with the sum of its half-warp. */
static double half_sum(const float *v, int k)
{
	return fold(v, k & 16, 16, false, 0, false);
}

static double half_max(const float *v, int k)
{
	return fold(v, k & 16, 16, true, v[k & 16], false);
}

/* A maximum that starts from 0 instead of the lane's own value. */
static double max_with_zero(const float *v, int k)
{
	(void)k;
	return fold(v, 0, 32, true, 0, false);
}

/* The values truncated to ints before they are added. */
static double truncated_sum(const float *v, int k)
{
	(void)k;
	return fold(v, 0, 32, false, 0, true);
}

/* The known mistakes, in the order they are tried: a lane that alone is
 * right in every run (-1: none), or what lane k of a run holds under the
 * mistake in sums and in maxs (NULL: the mistake does not show there), and
 * what to say, a format given the name of the function that is wrong. */
static const struct mistake {
	int lane;
	double (*sum)(const float *v, int k);
	double (*max)(const float *v, int k);
	struct lang_pair text;
} mistakes[] = {
        {0, NULL, NULL,
         LT("%s: lane 0 is right but other lanes are not: did you use __shfl_down_sync "
            "where every lane needs the result? Exchange with __shfl_xor_sync (a "
            "butterfly), or broadcast lane 0's result with __shfl_sync",
            "%s：lane 0 正确，其他 lane 却不对：是不是在每个 lane "
            "都需要结果的地方用了 __shfl_down_sync？用 "
            "__shfl_xor_sync 交换（蝶形交换），或者用 "
            "__shfl_sync 广播 lane 0 的结果")},
        {31, NULL, NULL,
         LT("%s: lane 31 is right but other lanes are not: values flowed upwards "
            "(__shfl_up_sync, as in a scan), but every lane needs the whole warp's "
            "result",
            "%s：lane 31 正确，其他 lane 却不对：数据是往高编号 lane "
            "流动的（__shfl_up_sync，和前缀和一样），但每个 lane "
            "都需要整个 warp 的结果")},
        {-1, own, own,
         LT("%s: every lane returned its own value: nothing was exchanged between the "
            "lanes",
            "%s：每个 lane 都返回了自己的值：lane 之间什么也没有交换")},
        {-1, half_sum, half_max,
         LT("%s: each lane holds the result of its own half-warp only: the xor masks "
            "must start at 16 (16, 8, 4, 2, 1)",
            "%s：每个 lane 只得到了自己所在半个 warp 的结果：xor "
            "掩码必须从 16 开始（16, 8, 4, 2, 1）")},
        {-1, NULL, max_with_zero,
         LT("%s: the maximum of all-negative lanes came out as 0: start from the "
            "lane's own value, not from 0",
            "%s：所有 lane 都是负数时，最大值却得到了 0：从 lane "
            "自己的值开始，而不是从 0 开始")},
        {-1, truncated_sum, NULL,
         LT("%s: the fractional parts were lost: was something kept in an int?",
            "%s：小数部分丢了：是不是有什么存在了 int 里？")},
};

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	int b = f->bad_buf;
	if ((b != CJ_B_SUMS && b != CJ_B_MAXS) || c->param[CJ_P_PASSES] != 1)
		return NULL;
	bool sums = b == CJ_B_SUMS; /* the message names the function that is wrong */
	static char text[768];
	for (const struct mistake *m = mistakes;
	     m < mistakes + sizeof mistakes / sizeof mistakes[0]; ++m) {
		double (*pattern)(const float *v, int k) = sums ? m->sum : m->max;
		if (m->lane >= 0 ? only_lane_right(c, b, m->lane)
		                 : pattern && every_lane(c, b, pattern)) {
			snprintf(text, sizeof text, lang_pick(m->text),
			         sums ? "warp_allreduce_sum" : "warp_allreduce_max");
			return text;
		}
	}
	return NULL;
}

TABLE_PROBLEM(warp_allreduce, locate, diagnose);
