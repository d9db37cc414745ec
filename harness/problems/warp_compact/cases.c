/* warp_compact: cases, golden model and diagnoses (device side:
 * glue.cuh). */
#include <limits.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "layout.h"

/* Which lanes of a run keep their value. */
enum pattern { NONE, ALL, ONE, ALL_BUT_ONE, ALTERNATE, HALF, SPARSE, PATTERNS };

static bool pick(struct rng *rng, enum pattern p, int lane, int special)
{
	switch (p) {
	case NONE:
		return false;
	case ALL:
		return true;
	case ONE:
		return lane == special;
	case ALL_BUT_ONE:
		return lane != special;
	case ALTERNATE:
		return lane % 2 == special % 2;
	case HALF:
		return rng_range(rng, 0, 1) == 1;
	default:
		return rng_range(rng, 0, 9) == 0;
	}
}

static int64_t runs_of(int64_t n)
{
	return (n + 31) / 32;
}

/* Draws x (kept values in [t, t + spread], dropped ones in [t - spread, t)),
 * run by run with the patterns in turn (from a random one, or all HALF when
 * `random` is set), then builds the offsets, the golden output and counts. */
static void add_case(struct case_set *set, struct rng *rng, const char *name, int64_t n, int block,
                     int chunks, int32_t t, int64_t spread, bool random, bool timed)
{
	struct jcase *c = case_new(set, name);
	c->param[CJ_P_N] = n;
	c->param[CJ_P_BLOCK] = block;
	c->param[CJ_P_CHUNKS] = chunks;
	c->param[CJ_P_T] = t;
	c->timed = timed;
	int64_t runs = runs_of(n);
	struct jbuf *xb = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n);
	struct jbuf *ob = case_buf(set, c, "offset", CJ_I32, CJ_IN, (uint64_t)runs);
	int32_t *x = xb->data, *offset = ob->data;
	int first = (int)rng_range(rng, 0, PATTERNS - 1);
	int64_t kept = 0;
	for (int64_t r = 0; r < runs; ++r) {
		enum pattern p = random ? HALF : (enum pattern)((first + r) % PATTERNS);
		int special = (int)rng_range(rng, 0, 31);
		offset[r] = (int32_t)kept;
		for (int64_t i = r * 32; i < n && i < r * 32 + 32; ++i) {
			bool keep = pick(rng, p, (int)(i % 32), special);
			/* a case keeps at least one value: its last element when nothing else */
			keep |= i == n - 1 && kept == 0;
			int64_t lo = keep ? t : (int64_t)t - spread, hi = keep ? t + spread : t - 1;
			lo = lo < INT32_MIN ? INT32_MIN : lo;
			hi = hi > INT32_MAX ? INT32_MAX : hi;
			x[i] = (int32_t)rng_range(rng, lo, hi);
			kept += keep;
		}
	}
	struct jbuf *out = case_buf(set, c, "out", CJ_I32, CJ_OUT, (uint64_t)kept);
	struct jbuf *counts = case_buf(set, c, "counts", CJ_I32, CJ_OUT, (uint64_t)runs);
	int32_t *want = out->expect, *want_counts = counts->expect;
	int64_t k = 0;
	for (int64_t r = 0; r < runs; ++r) {
		int64_t start = k;
		for (int64_t i = r * 32; i < n && i < r * 32 + 32; ++i)
			if (x[i] >= t)
				want[k++] = x[i];
		want_counts[r] = (int32_t)(k - start);
	}
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	/* sample: 1, -2, 3, -4, ... over one warp, keep v >= 0: 1, 3, 5, ... */
	struct jcase *s =
	        case_new(set, L("sample: keep v >= 0, one warp", "样例：保留 v >= 0，一个 warp"));
	s->param[CJ_P_N] = 32;
	s->param[CJ_P_BLOCK] = 32;
	s->param[CJ_P_CHUNKS] = 1;
	s->param[CJ_P_T] = 0;
	int32_t *x = case_buf(set, s, "x", CJ_I32, CJ_IN, 32)->data;
	((int32_t *)case_buf(set, s, "offset", CJ_I32, CJ_IN, 1)->data)[0] = 0;
	int32_t *want = case_buf(set, s, "out", CJ_I32, CJ_OUT, 16)->expect;
	((int32_t *)case_buf(set, s, "counts", CJ_I32, CJ_OUT, 1)->expect)[0] = 16;
	for (int i = 0; i < 32; ++i) {
		x[i] = i % 2 ? -(i + 1) : i + 1;
		if (i % 2 == 0)
			want[i / 2] = x[i];
	}

	add_case(set, rng, L("every pattern, block 32", "各种模式，block 32"), 32 * 40, 32, 1, 0,
	         1000, false, false);
	add_case(set, rng, L("partial last warp, block 96", "最后一个 warp 不满，block 96"),
	         96 * 5 + 45, 96, 1, -500, 1000, false, false);
	add_case(set, rng, L("n=1", "只有 1 个元素"), 1, 32, 1, 7, 100, false, false);
	add_case(set, rng, L("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"),
	         1024 * 5 + 77, 1024, 1, 100000, 1000000, false, false);
	add_case(set, rng, L("random, block 256", "随机，block 256"),
	         plan->emulated ? 20003 : 100003, 256, 1, 0, 1000000, true, false);
	add_case(set, rng, L("4 runs per warp, large magnitudes", "每个 warp 4 段，大数值"),
	         20000 + 13, 128, 4, -1000000, 2000000000, false, false);
	if (plan->timed)
		add_case(set, rng, L("timed", "计时"), e->perf.n, 256, 8, 0, 1000000, true, true);
}

/* out[index] came from the run whose offset range holds it (binary search). */
static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t run = (int64_t)index;
	if (buf == CJ_B_OUT) {
		const int32_t *offset = c->buf[CJ_B_OFFSET].data;
		int64_t lo = 0, hi = runs_of(c->param[CJ_P_N]) - 1;
		while (lo < hi) {
			int64_t mid = (lo + hi + 1) / 2;
			if (offset[mid] <= (int64_t)index)
				lo = mid;
			else
				hi = mid - 1;
		}
		run = lo;
	}
	int64_t lane = run % 32; /* counts[run] is stored by lane run % 32 */
	if (buf == CJ_B_OUT) {   /* the lane whose kept value belongs at out[index] */
		const int32_t *x = c->buf[CJ_B_X].data;
		int64_t n = c->param[CJ_P_N], t = c->param[CJ_P_T];
		int64_t left = (int64_t)index - ((const int32_t *)c->buf[CJ_B_OFFSET].data)[run];
		for (lane = 0; lane < 31 && run * 32 + lane < n; ++lane)
			if (x[run * 32 + lane] >= t && left-- == 0)
				break;
	}
	int64_t warp = run / c->param[CJ_P_CHUNKS]; /* see glue.cuh */
	int64_t thread = warp * 32 + lane;
	w->block = thread / c->param[CJ_P_BLOCK];
	w->thread = thread % c->param[CJ_P_BLOCK];
}

/* True when every run's kept values appear in out[] in reverse lane order. */
static bool reversed_runs(const struct jcase *c)
{
	const int32_t *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_OUT].data;
	const int32_t *want_counts = c->buf[CJ_B_COUNTS].expect, *offset = c->buf[CJ_B_OFFSET].data;
	int64_t n = c->param[CJ_P_N], t = c->param[CJ_P_T];
	bool differs = false;
	for (int64_t r = 0; r < runs_of(n); ++r) {
		int64_t k = offset[r] + want_counts[r] - 1;
		for (int64_t i = r * 32; i < n && i < r * 32 + 32; ++i)
			if (x[i] >= t) {
				if (got[k] != x[i])
					return false;
				differs |= want_counts[r] > 1;
				--k;
			}
	}
	return differs;
}

/* True when counts[r] is lane (r % 32)'s rank among the kept lanes
 * (inclusive when `upto`) rather than the run's total. */
static bool counts_are_ranks(const struct jcase *c, bool upto)
{
	const int32_t *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_COUNTS].data;
	int64_t n = c->param[CJ_P_N], t = c->param[CJ_P_T];
	for (int64_t r = 0; r < runs_of(n); ++r) {
		int64_t lane = r % 32, rank = 0;
		for (int64_t i = r * 32; i < n && i < r * 32 + lane + (upto ? 1 : 0); ++i)
			rank += x[i] >= t;
		if (got[r] != rank)
			return false;
	}
	return true;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf == CJ_B_OUT && reversed_runs(c))
		return L("the kept values of each warp come out in reverse lane order: a lane's "
		         "place is the number of kept lanes below it, __popc(ballot & ((1u << "
		         "lane) - 1))",
		         "每个 warp 保留的值按 lane 的逆序输出了：一个 lane "
		         "的位置是编号比它小的保留 lane 的个数，即 __popc(ballot & ((1u << lane) - "
		         "1))");
	if (f->bad_buf == CJ_B_OUT && f->report.unwritten == f->report.bad)
		return L("some places were never written: each kept lane writes out[number of kept "
		         "lanes below it], so places 0..count-1 are all filled",
		         "有些位置从未被写入：每个保留的 lane 写 out[编号比它小的保留 lane "
		         "的个数]，这样位置 0..count-1 都会被填满");
	if (f->bad_buf == CJ_B_COUNTS && counts_are_ranks(c, false))
		return L("each lane returned the number of kept lanes below it (its own place), "
		         "not the warp's total: that is __popc of the whole ballot",
		         "每个 lane 返回的是编号比它小的保留 lane "
		         "的个数（它自己的位置），而不是整个 warp 的总数：总数是整个 ballot 的 "
		         "__popc");
	if (f->bad_buf == CJ_B_COUNTS && counts_are_ranks(c, true))
		return L("each lane returned the number of kept lanes up to and including itself, "
		         "not the warp's total: that is __popc of the whole ballot",
		         "每个 lane 返回的是编号不大于它的保留 lane "
		         "的个数（包括它自己），而不是整个 warp 的总数：总数是整个 ballot 的 "
		         "__popc");
	return NULL;
}

const struct problem warp_compact_problem = {
        .id = "warp_compact",
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
