/* last_block_reduce: cases, golden sums (in double) and diagnoses (device
 * side: glue.cuh). */
#include <math.h>
#include <stdlib.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../../engine/util.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

struct trials {
	float *x, *want;
	double *scale;
	int64_t n;           /* elements per trial */
	int64_t chunk;       /* of a trial's sum: sum_chunk(n) */
	double *sums, *mags; /* by piece: a trial's chunks, the trials one after another */
};

/* Pieces [lo, hi) of x and their sums: piece k is chunk k % per of trial
 * k / per, per chunks of `chunk` elements a trial. */
static void fill_pieces(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct trials *d = ctx;
	int64_t per = (d->n + d->chunk - 1) / d->chunk;
	for (int64_t k = lo; k < hi; ++k) {
		int64_t first = k / per * d->n + k % per * d->chunk;
		int64_t last = k % per == per - 1 ? k / per * d->n + d->n : first + d->chunk;
		double s = 0, m = 0;
		for (int64_t i = first; i < last; ++i) {
			float v = (float)rng_uniform(rng, -1, 1);
			d->x[i] = v;
			s += v;
			m += fabs(v);
		}
		d->sums[k] = s;
		d->mags[k] = m;
	}
}

/* Adds the buffers of a case {name, {n elements per trial, trials
 * (launches), blocks wanted}}. The emulator runs every block of a launch at
 * once (coresident): a few dozen one-warp blocks; the GPU gets as many as
 * are resident at once. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t n = c->param[CJ_P_N];
	int trials = (int)c->param[CJ_P_TRIALS], blocks = (int)c->param[CJ_P_BLOCKS];
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)(n * trials));
	struct jbuf *partials = case_buf(set, c, "partials", CJ_F32, CJ_INOUT, (uint64_t)blocks);
	partials->by_extra = true; /* scratch: any content */
	struct jbuf *arrived = case_buf(set, c, "arrived", CJ_U32, CJ_INOUT, 1);
	struct jbuf *totals = case_buf(set, c, "totals", CJ_F32, CJ_OUT, (uint64_t)trials);
	((uint32_t *)arrived->data)[0] = ((uint32_t *)arrived->expect)[0] = 0;
	float *pv = partials->data;
	for (int b = 0; b < blocks; ++b)
		pv[b] = 0.0f;
	/* A small trial's sum is one loop in order; a big one's the sum of its
	 * chunks' partial sums, in order (they differ in a double's last bits;
	 * the check's rtol is 1e-5). */
	int64_t chunk = sum_chunk(n), per = (n + chunk - 1) / chunk;
	struct trials d = {x->data,
	                   totals->expect,
	                   case_scale(totals),
	                   n,
	                   chunk,
	                   xcalloc((size_t)(per * trials), sizeof(double)),
	                   xcalloc((size_t)(per * trials), sizeof(double))};
	fill_case(c, rng, per * trials, 1, fill_pieces, &d);
	for (int t = 0; t < trials; ++t) {
		double s = 0, m = 0;
		for (int64_t k = t * per; k < (t + 1) * per; ++k) {
			s += d.sums[k];
			m += d.mags[k];
		}
		d.want[t] = (float)s;
		d.scale[t] = m;
	}
	free(d.sums);
	free(d.mags);
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: 2 blocks, 64 elements", "样例：2 个 block，64 个元素"), {64, 2, 2}},
	{LT("8 blocks, 5 trials", "8 个 block，5 轮"), {1000, 5, 8}},
	{LT("37 blocks, 3 trials", "37 个 block，3 轮"), {5000, 3, 37}},
	{LT("more blocks than elements", "block 比元素多"), {20, 3, 64}},
	{LT("whole device, 200 trials", "全设备，200 轮"), {100000, 200, 4096}, GPU_ONLY},
	{LT("whole device, 1M elements, 20 trials", "全设备，1M 个元素，20 轮"), {1 << 20, 20, 4096}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 1, 4096}},
};
/* clang-format on */

/* Every trial draws its own n elements. */
static int64_t elements(const void *row, int64_t size)
{
	return size * ((const struct case_row *)row)->param[CJ_P_TRIALS];
}

static const struct case_table table = {TABLE(case_rows), add_buffers, elements};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	(void)index;
	w->block = -1; /* whichever block was last */
	w->thread = 0;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf == CJ_B_ARRIVED)
		return L("the counter is not 0 after the launch: the last block must reset it, or "
		         "the next launch starts counting where this one stopped",
		         "launch 结束后计数器不是 0：最后一个 block 必须把它清零，否则下一次 "
		         "launch 会从这次停下的地方接着数");
	if (f->bad_buf != CJ_B_TOTALS || f->report.nshown == 0)
		return NULL;
	const float *got = c->buf[CJ_B_TOTALS].data;
	bool first_right = true, all_nan = true;
	for (int i = 0; i < f->report.nshown; ++i) {
		first_right &= f->report.shown[i].index > 0;
		all_nan &= isnan(got[f->report.shown[i].index]);
	}
	if (first_right && c->param[CJ_P_TRIALS] > 1)
		return L("the first launch is right and later ones are not: the last block must "
		         "set the counter back to 0 for the next launch",
		         "第一次 launch 正确，之后的不对：最后一个 block 必须把计数器设回 "
		         "0，留给下一次 launch");
	if (all_nan)
		return L("no total was written: no block found that it was the last one. The old "
		         "value atomicAdd returns runs from 0 to gridDim.x - 1",
		         "没有写入总和：没有哪个 block 发现自己是最后一个。atomicAdd 返回的旧值从 "
		         "0 到 gridDim.x - 1");
	return L("the total misses some partial sums: each partial must be visible (a fence after "
	         "writing it) before the counter says so, and the last block must fence after "
	         "reading the counter before it reads the partials",
	         "总和漏掉了一些部分和：每个部分和必须在计数器宣告它之前就已可见（写完后加 "
	         "fence），最后一个 block 读到计数器之后、读部分和之前也必须加 fence");
}

TABLE_PROBLEM(last_block_reduce, locate, diagnose);
