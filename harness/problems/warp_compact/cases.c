/* warp_compact: cases, golden model and diagnoses (device side:
 * glue.cuh). */
#include <limits.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/lane_patterns.h"
#include "../common/warp_runs.h"
#include "layout.h"

static int64_t runs_of(int64_t n)
{
	return (n + 31) / 32;
}

/* A case: {name, {n, blockDim.x, runs of 32 per warp, the threshold t}, n
 * on the emulator when fewer}, and how x is drawn: kept values in [t, t +
 * spread], dropped ones in [t - spread, t), run by run with the patterns in
 * turn (from a random one), or every lane HALF when `random` is set. The
 * sample is 1, -2, 3, -4, ... over one warp, keeping v >= 0: 1, 3, 5, ... */
struct compact_row {
	struct case_row head;
	int64_t spread;
	bool random, sample;
};

/* x of the sample, and its offset: one run. Returns the values kept. */
static int64_t draw_sample(int32_t *x, int32_t *offset)
{
	offset[0] = 0;
	for (int i = 0; i < 32; ++i)
		x[i] = i % 2 ? -(i + 1) : i + 1;
	return 16;
}

/* x and the offsets of the runs, as the row says. Returns the values kept. */
static int64_t draw(struct rng *rng, const struct compact_row *r, int64_t t, int32_t *x,
                    int32_t *offset, int64_t n)
{
	int64_t runs = runs_of(n);
	int first = (int)rng_range(rng, 0, PATTERNS - 1);
	int64_t kept = 0;
	for (int64_t k = 0; k < runs; ++k) {
		enum lane_pattern p =
		        r->random ? HALF : (enum lane_pattern)((first + k) % PATTERNS);
		int special = (int)rng_range(rng, 0, 31);
		offset[k] = (int32_t)kept;
		for (int64_t i = k * 32; i < n && i < k * 32 + 32; ++i) {
			bool keep = lane_picked(rng, p, (int)(i % 32), special);
			/* a case keeps at least one value: its last element when nothing else */
			keep |= i == n - 1 && kept == 0;
			int64_t lo = keep ? t : t - r->spread, hi = keep ? t + r->spread : t - 1;
			lo = lo < INT32_MIN ? INT32_MIN : lo;
			hi = hi > INT32_MAX ? INT32_MAX : hi;
			x[i] = (int32_t)rng_range(rng, lo, hi);
			kept += keep;
		}
	}
	return kept;
}

/* Draws x and the offsets, then builds the golden output and counts. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct compact_row *r = row;
	int64_t n = c->param[CJ_P_N];
	int32_t t = (int32_t)c->param[CJ_P_T];
	int64_t runs = runs_of(n);
	int32_t *x = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n)->data;
	int32_t *offset = case_buf(set, c, "offset", CJ_I32, CJ_IN, (uint64_t)runs)->data;
	int64_t kept = r->sample ? draw_sample(x, offset) : draw(rng, r, t, x, offset, n);
	struct jbuf *out = case_buf(set, c, "out", CJ_I32, CJ_OUT, (uint64_t)kept);
	struct jbuf *counts = case_buf(set, c, "counts", CJ_I32, CJ_OUT, (uint64_t)runs);
	int32_t *want = out->expect, *want_counts = counts->expect;
	int64_t k = 0;
	for (int64_t run = 0; run < runs; ++run) {
		int64_t start = k;
		for (int64_t i = run * 32; i < n && i < run * 32 + 32; ++i)
			if (x[i] >= t)
				want[k++] = x[i];
		want_counts[run] = (int32_t)(k - start);
	}
}

/* clang-format off */
static const struct compact_row case_rows[] = {
	{{LT("sample: keep v >= 0, one warp", "样例：保留 v >= 0，一个 warp"), {32, 32, 1, 0}}, 0, false, true},
	{{LT("every pattern, block 32", "各种模式，block 32"), {32 * 40, 32, 1, 0}}, 1000},
	{{LT("partial last warp, block 96", "最后一个 warp 不满，block 96"), {96 * 5 + 45, 96, 1, -500}}, 1000},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1, 7}}, 100},
	{{LT("block 1024, n not a multiple", "block 1024，n 不是 block 的整数倍"), {1024 * 5 + 77, 1024, 1, 100000}}, 1000000},
	{{LT("random, block 256", "随机，block 256"), {100003, 256, 1, 0}, 20003}, 1000000, true},
	{{LT("4 runs per warp, large magnitudes", "每个 warp 4 段，大数值"), {20000 + 13, 128, 4, -1000000}}, 2000000000},
	{{LT("timed", "计时"), {PERF_N, 256, 8, 0}}, 1000000, true},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

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
	where_lane(run / c->param[CJ_P_CHUNKS], lane, c->param[CJ_P_BLOCK], w); /* see glue.cuh */
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
        .table = &table,
        .make_cases = case_table_make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
