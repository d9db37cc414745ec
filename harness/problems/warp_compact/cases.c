/* warp_compact: cases, golden model and diagnoses (device side:
 * glue.cuh). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../../engine/util.h"
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

/* How x is drawn, and what its chunks kept. */
struct draw {
	const struct compact_row *row;
	int32_t t;
	int first; /* the pattern of run 0 */
	int32_t *x, *offset;
	int64_t n;
	int64_t *kept; /* by chunk of CASE_CHUNK elements (one chunk when drawn at once) */
};

/* x and the offsets of the runs of elements [lo, hi), as the row says; the
 * offsets count from the first run drawn here. */
static void fill_runs(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct draw *d = ctx;
	const struct compact_row *r = d->row;
	int64_t kept = 0;
	for (int64_t k = lo / 32; k * 32 < hi; ++k) {
		enum lane_pattern p =
		        r->random ? HALF : (enum lane_pattern)((d->first + k) % PATTERNS);
		int special = (int)rng_range(rng, 0, 31);
		d->offset[k] = (int32_t)kept;
		for (int64_t i = k * 32; i < hi && i < k * 32 + 32; ++i) {
			bool keep = lane_picked(rng, p, (int)(i % 32), special);
			/* a case keeps at least one value: its last element when nothing
			 * else drawn with it (its chunk, or the whole case) */
			keep |= i == d->n - 1 && kept == 0;
			int64_t vlo = keep ? d->t : d->t - r->spread;
			int64_t vhi = keep ? d->t + r->spread : d->t - 1;
			vlo = vlo < INT32_MIN ? INT32_MIN : vlo;
			vhi = vhi > INT32_MAX ? INT32_MAX : vhi;
			d->x[i] = (int32_t)rng_range(rng, vlo, vhi);
			kept += keep;
		}
	}
	d->kept[lo / CASE_CHUNK] = kept;
}

/* The offsets of chunk [lo, hi)'s runs move on by what the chunks before it
 * kept (ctx: those totals, summed in order). */
struct shift {
	int32_t *offset;
	const int64_t *before;
};

static void shift_offsets(void *ctx, int64_t lo, int64_t hi)
{
	const struct shift *s = ctx;
	for (int64_t k = lo / 32; k * 32 < hi; ++k)
		s->offset[k] += (int32_t)s->before[lo / CASE_CHUNK];
}

/* Draws x and the offsets of the runs. Returns the values kept. */
static int64_t draw(struct jcase *c, struct rng *rng, const struct compact_row *r, int32_t *x,
                    int32_t *offset)
{
	int64_t n = c->param[CJ_P_N], chunks = (n + CASE_CHUNK - 1) / CASE_CHUNK;
	int64_t *kept = xcalloc((size_t)chunks + 1, sizeof *kept);
	struct draw d = {
	        r,   (int32_t)c->param[CJ_P_T], (int)rng_range(rng, 0, PATTERNS - 1), x, offset, n,
	        kept};
	fill_case(c, rng, n, CASE_CHUNK, fill_runs, &d);
	int64_t total = 0;
	for (int64_t k = 0; k < chunks; ++k) { /* each chunk's total becomes its start */
		int64_t own = kept[k];
		kept[k] = total;
		total += own;
	}
	struct shift s = {offset, kept};
	if (c->parallel)
		parallel_chunks(n, CASE_CHUNK, shift_offsets, &s);
	free(kept);
	return total;
}

/* The kept values and counts of the runs of elements [lo, hi) of case c
 * (ctx), at the runs' offsets. */
static void golden_runs(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const int32_t *x = c->buf[CJ_B_X].data, *offset = c->buf[CJ_B_OFFSET].data;
	int32_t *want = c->buf[CJ_B_OUT].expect, *want_counts = c->buf[CJ_B_COUNTS].expect;
	int32_t t = (int32_t)c->param[CJ_P_T];
	for (int64_t run = lo / 32; run * 32 < hi; ++run) {
		int64_t k = offset[run];
		for (int64_t i = run * 32; i < hi && i < run * 32 + 32; ++i)
			if (x[i] >= t)
				want[k++] = x[i];
		want_counts[run] = (int32_t)(k - offset[run]);
	}
}

/* Draws x and the offsets, then builds the golden output and counts. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct compact_row *r = row;
	int64_t n = c->param[CJ_P_N];
	int64_t runs = runs_of(n);
	int32_t *x = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n)->data;
	int32_t *offset = case_buf(set, c, "offset", CJ_I32, CJ_IN, (uint64_t)runs)->data;
	int64_t kept = r->sample ? draw_sample(x, offset) : draw(c, rng, r, x, offset);
	case_buf(set, c, "out", CJ_I32, CJ_OUT, (uint64_t)kept);
	case_buf(set, c, "counts", CJ_I32, CJ_OUT, (uint64_t)runs);
	parallel_chunks(n, CASE_CHUNK, golden_runs, c);
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
	/* each lane's rank among the kept lanes instead of the total: by `upto` */
	static const struct lang_pair ranks[] = {
	        LT("each lane returned the number of kept lanes below it (its own place), "
	           "not the warp's total: that is __popc of the whole ballot",
	           "每个 lane 返回的是编号比它小的保留 lane "
	           "的个数（它自己的位置），而不是整个 warp 的总数：总数是整个 ballot 的 "
	           "__popc"),
	        LT("each lane returned the number of kept lanes up to and including itself, "
	           "not the warp's total: that is __popc of the whole ballot",
	           "每个 lane 返回的是编号不大于它的保留 lane "
	           "的个数（包括它自己），而不是整个 warp 的总数：总数是整个 ballot 的 "
	           "__popc"),
	};
	for (int upto = 0; upto < 2 && f->bad_buf == CJ_B_COUNTS; ++upto)
		if (counts_are_ranks(c, upto))
			return lang_pick(ranks[upto]);
	return NULL;
}

TABLE_PROBLEM(warp_compact, locate, diagnose);
