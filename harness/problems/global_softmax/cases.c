/* global_softmax: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../engine/parallel.h"
#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../../engine/util.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/softmax_golden.h"
#include "layout.h"

/* One input: the spreads of every softmax exercise (softmax_draw), and
 * this one's own ties, steps and sample. */
static float draw(struct rng *rng, enum softmax_spread s, int64_t i, int64_t slice, int64_t hot)
{
	switch (s) {
	case SPREAD_TIES: /* all equal */
		return 0.75f;
	case SPREAD_STEPS:
		return (float)(2 * (i / slice) + rng_uniform(rng, -1, 1));
	case SPREAD_RAMP:
		return (float)(i % 10) / 2;
	default:
		return softmax_draw(rng, s, i == hot);
	}
}

/* A case: {name, {n, blockDim.x, the slices asked for}, n on the emulator
 * when fewer}, how the inputs are drawn. The slice is rounded up to a
 * multiple of 4 and the number of slices follows from it, so none is empty.
 * On the emulator every CUDA thread is a fiber: each grid shrinks to a few
 * thousand threads (the one of more blocks than threads too), so that a
 * judgement stays within its time there. */
struct global_softmax_row {
	struct case_row head;
	enum softmax_spread spread;
};

struct softmax {
	enum softmax_spread spread;
	float *x, *y, *parts;
	int64_t n, slice, hot;
	double m;     /* the largest x */
	double *sums; /* of exp(x - m), by chunk of sum_chunk(n) */
};

static void fill_x(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct softmax *g = ctx;
	for (int64_t i = lo; i < hi; ++i)
		g->x[i] = draw(rng, g->spread, i, g->slice, g->hot);
}

/* The partials (max, sum) of blocks [lo, hi). */
static void golden_parts(void *ctx, int64_t lo, int64_t hi)
{
	const struct softmax *g = ctx;
	for (int64_t b = lo; b < hi; ++b) {
		double bm = -INFINITY, bs = 0;
		int64_t end = (b + 1) * g->slice < g->n ? (b + 1) * g->slice : g->n;
		for (int64_t i = b * g->slice; i < end; ++i)
			bm = g->x[i] > bm ? g->x[i] : bm;
		for (int64_t i = b * g->slice; i < end; ++i)
			bs += exp((double)g->x[i] - bm);
		g->parts[2 * b] = (float)bm;
		g->parts[2 * b + 1] = (float)bs;
	}
}

static void golden_sums(void *ctx, int64_t lo, int64_t hi)
{
	const struct softmax *g = ctx;
	double s = 0;
	for (int64_t i = lo; i < hi; ++i)
		s += exp((double)g->x[i] - g->m);
	g->sums[lo / sum_chunk(g->n)] = s;
}

/* y of elements [lo, hi); sums[0] holds the sum of them all. */
static void golden_y(void *ctx, int64_t lo, int64_t hi)
{
	const struct softmax *g = ctx;
	for (int64_t i = lo; i < hi; ++i)
		g->y[i] = (float)(exp((double)g->x[i] - g->m) / g->sums[0]);
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct global_softmax_row *r = row;
	int64_t n = c->param[CJ_P_N], blocks = c->param[CJ_P_BLOCKS];
	int64_t slice = (n + blocks - 1) / blocks;
	slice = (slice + 3) / 4 * 4;
	blocks = (n + slice - 1) / slice;
	c->param[CJ_P_BLOCKS] = blocks;
	c->param[CJ_P_SLICE] = slice;
	struct in_out xy = in_out_buffers(set, c, CJ_F32, "x", "y", n);
	float *parts = case_buf(set, c, "parts", CJ_F32, CJ_OUT, (uint64_t)(2 * blocks))->expect;
	struct softmax g = {r->spread, xy.in, xy.want, parts, n, slice, rng_range(rng, 0, n - 1)};
	fill_case(c, rng, n, CASE_CHUNK, fill_x, &g);
	parallel_chunks(blocks, units_per_chunk(slice), golden_parts, &g);
	g.m = -INFINITY;
	for (int64_t b = 0; b < blocks; ++b) /* each partial's max is an x: exact as a float */
		g.m = parts[2 * b] > g.m ? parts[2 * b] : g.m;
	/* A small case's sum is one loop in order; a big one's the sum of its
	 * chunks' partial sums, in order (they differ in a double's last bits;
	 * the check's rtol is 5e-5). */
	int64_t chunks = (n + sum_chunk(n) - 1) / sum_chunk(n);
	g.sums = xcalloc((size_t)chunks, sizeof *g.sums);
	parallel_chunks(n, sum_chunk(n), golden_sums, &g);
	for (int64_t k = 1; k < chunks; ++k)
		g.sums[0] += g.sums[k];
	parallel_chunks(n, CASE_CHUNK, golden_y, &g);
	free(g.sums);
}

/* clang-format off */
static const struct global_softmax_row case_rows[] = {
	{{LT("sample: 100 elements, 2 blocks of 32", "样例：100 个元素，2 个 32 线程 block"), {100, 32, 2}}, SPREAD_RAMP},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1}}, SPREAD_SMALL},
	{{LT("n=5, block 64", "5 个元素，block 64"), {5, 64, 3}}, SPREAD_SMALL},
	{{LT("block 96, 7 blocks", "block 96，7 个 block"), {10007, 96, 7}}, SPREAD_SMALL},
	{{LT("block 256, 300 blocks (more than threads)", "block 256，300 个 block（多于线程数）"), {100003, 256, 300}, GPU_ONLY}, SPREAD_SMALL},
	{{LT("block 64, 100 blocks (more than threads)", "block 64，100 个 block（多于线程数）"), {EMU_ONLY, 64, 100}, 20003}, SPREAD_SMALL},
	{{LT("block 1024, 2000 blocks", "block 1024，2000 个 block"), {(1 << 20) + 3, 1024, 2000}, GPU_ONLY}, SPREAD_SMALL},
	{{LT("block 1024, 4 blocks", "block 1024，4 个 block"), {EMU_ONLY, 1024, 4}, 100000}, SPREAD_SMALL},
	{{LT("block 32, 500 blocks", "block 32，500 个 block"), {64001, 32, 500}, GPU_ONLY}, SPREAD_SMALL},
	{{LT("block 32, 100 blocks", "block 32，100 个 block"), {EMU_ONLY, 32, 100}, 12801}, SPREAD_SMALL},
	{{LT("maxima differ by slice, block 128", "各段最大值不同，block 128"), {50000, 128, 50}, GPU_ONLY}, SPREAD_STEPS},
	{{LT("maxima differ by slice, block 128", "各段最大值不同，block 128"), {EMU_ONLY, 128, 16}, 50000}, SPREAD_STEPS},
	{{LT("inputs up to +-100 (exp overflows), block 128", "输入达 +-100（exp 上溢），block 128"), {50000, 128, 64}, GPU_ONLY}, SPREAD_LARGE},
	{{LT("inputs up to +-100 (exp overflows), block 128", "输入达 +-100（exp 上溢），block 128"), {EMU_ONLY, 128, 16}, 50000}, SPREAD_LARGE},
	{{LT("all in [-120, -100) (exp underflows), block 160", "都在 [-120, -100)（下溢），block 160"), {30000, 160, 33}, GPU_ONLY}, SPREAD_NEGATIVE},
	{{LT("all in [-120, -100) (exp underflows), block 160", "都在 [-120, -100)（下溢），block 160"), {EMU_ONLY, 160, 12}, 30000}, SPREAD_NEGATIVE},
	{{LT("all equal, block 64", "全部相等，block 64"), {4099, 64, 9}}, SPREAD_TIES},
	{{LT("one dominant element, block 512", "一个极大元素，block 512"), {200000, 512, 40}, GPU_ONLY}, SPREAD_DOMINANT},
	{{LT("one dominant element, block 512", "一个极大元素，block 512"), {EMU_ONLY, 512, 8}, 40000}, SPREAD_DOMINANT},
	{{LT("timed", "计时"), {PERF_N, 256, 1024}}, SPREAD_SMALL},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	if (buf == CJ_B_PARTS) { /* stored by thread 0 of block index / 2 */
		w->block = (int64_t)index / 2;
		w->thread = 0;
		return;
	}
	int64_t slice = c->param[CJ_P_SLICE];
	w->block = (int64_t)index / slice;
	w->thread = -1; /* which thread wrote it is up to the code */
}

/* The diagnoses below read every element of a case (64M in the timed one):
 * on every core, in chunks, each stopping once any chunk found what ends
 * the look. */
#define LOOK_CHUNK ((int64_t)1 << 18)

struct look {
	const struct jcase *c;
	double ratio; /* constant_ratio: the first element's */
	int ended;    /* a chunk found an element that ends the look */
};

static void large_range(void *ctx, int64_t lo, int64_t hi)
{
	struct look *l = ctx;
	const float *x = l->c->buf[CJ_B_X].data;
	for (int64_t i = lo; i < hi && !__atomic_load_n(&l->ended, __ATOMIC_RELAXED); ++i)
		if (fabs(x[i]) > 80)
			__atomic_store_n(&l->ended, 1, __ATOMIC_RELAXED);
}

/* True when some |x| of case c is above 80 (expf overflows above about 88). */
static bool large_inputs(const struct jcase *c)
{
	struct look l = {c, 0, 0};
	parallel_chunks(c->param[CJ_P_N], LOOK_CHUNK, large_range, &l);
	return l.ended;
}

static void ratio_range(void *ctx, int64_t lo, int64_t hi)
{
	struct look *l = ctx;
	const float *got = l->c->buf[CJ_B_Y].data, *want = l->c->buf[CJ_B_Y].expect;
	for (int64_t i = lo; i < hi && !__atomic_load_n(&l->ended, __ATOMIC_RELAXED); ++i) {
		if (want[i] < 1e-20f)
			continue;
		double q = got[i] / want[i];
		if (!isfinite(q) || fabs(q - l->ratio) > 1e-3 * l->ratio)
			__atomic_store_n(&l->ended, 1, __ATOMIC_RELAXED);
	}
}

/* True when every y is off by one and the same factor (0.1 % of the first
 * element's). */
static bool constant_ratio(const struct jcase *c)
{
	const float *got = c->buf[CJ_B_Y].data, *want = c->buf[CJ_B_Y].expect;
	int64_t n = c->param[CJ_P_N], first = 0;
	while (first < n && want[first] < 1e-20f)
		++first;
	if (first == n)
		return false;
	struct look l = {c, got[first] / want[first], 0};
	if (!isfinite(l.ratio) || l.ratio == 0)
		return false;
	parallel_chunks(n, LOOK_CHUNK, ratio_range, &l);
	return !l.ended && fabs(l.ratio - 1) > 1e-3;
}

static void per_block_range(void *ctx, int64_t lo, int64_t hi)
{
	struct look *l = ctx;
	const struct jcase *c = l->c;
	const float *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_Y].data;
	const float *parts = c->buf[CJ_B_PARTS].expect;
	int64_t slice = c->param[CJ_P_SLICE];
	for (int64_t i = lo; i < hi && !__atomic_load_n(&l->ended, __ATOMIC_RELAXED); ++i) {
		int64_t b = i / slice;
		double want = exp((double)x[i] - parts[2 * b]) / parts[2 * b + 1];
		if (fabs(got[i] - want) > 1e-3 * want + 1e-30)
			__atomic_store_n(&l->ended, 1, __ATOMIC_RELAXED);
	}
}

/* True when each slice holds its own softmax (its partial alone). */
static bool per_block_softmax(const struct jcase *c)
{
	if (c->param[CJ_P_BLOCKS] < 2)
		return false;
	struct look l = {c, 0, 0};
	parallel_chunks(c->param[CJ_P_N], LOOK_CHUNK, per_block_range, &l);
	return !l.ended;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->report.nshown == 0)
		return NULL;
	const struct mismatch *m = &f->report.shown[0];
	/* large_inputs(c) may read the whole of x: only where the answer turns on it */
	if (f->bad_buf == CJ_B_PARTS) {
		if (m->got_bits == 0xffffffffu)
			return L("a partial was never stored: thread 0 of every block must return "
			         "its slice's (max, sum)",
			         "有的部分结果从未被写入：每个 block 的线程 0 都必须返回它那一段的 "
			         "(max, sum)");
		if (m->index % 2 == 0)
			return L("a partial's max (.x) is wrong: it must be the largest element of "
			         "the block's slice [begin, end), over every warp of the block",
			         "部分结果的最大值（.x）不对：它必须是这个 block 那一段 [begin, "
			         "end) 中最大的元素，要涵盖 block 的每个 warp");
		if (!isfinite(m->got) && large_inputs(c))
			return L("a partial's sum overflowed: sum exp(x - max) with the slice's "
			         "max, not exp(x)",
			         "部分结果的和溢出了：要用这一段的最大值求 exp(x - max) "
			         "之和，而不是 exp(x) 之和");
		return L("a partial's sum (.y) is wrong: it must be the sum of expf(x - max) over "
		         "the whole slice, max being the slice's maximum (when a thread's running "
		         "max grows, rescale its running sum by expf(old - new))",
		         "部分结果的和（.y）不对：它必须是整段 expf(x - max) 之和，max "
		         "是这一段的最大值（线程的当前最大值变大时，要把它的累加和乘以 expf(old - "
		         "new) 重新缩放）");
	}
	if (f->bad_buf != CJ_B_Y)
		return NULL;
	if ((!isfinite(m->got) || m->got == 0) && m->got_bits != 0xffffffffu && large_inputs(c))
		return L("wrong where inputs are large in magnitude: subtract the maximum of the "
		         "whole vector before expf",
		         "输入绝对值大的地方出错：在 expf 之前减去整个向量的最大值");
	if (per_block_softmax(c))
		return L("each block normalised its slice with its own partial only: merge all "
		         "nparts partials into the whole vector's max and sum first",
		         "每个 block 只用自己的部分结果给自己那一段做了归一化：要先把全部 nparts "
		         "个部分结果合并成整个向量的最大值和总和");
	if (constant_ratio(c))
		return L("every element is off by the same factor: the merged sum is wrong. The "
		         "partial sums are relative to different maxima; scale each by expf(m_b - "
		         "M) (M the largest m_b) before adding them",
		         "每个元素都差了同一个倍数：合并后的总和不对。各个部分和对应的最大值不同；"
		         "相加之前要把每个部分和乘以 expf(m_b - M)（M 是最大的 m_b）");
	return NULL;
}

TABLE_PROBLEM(global_softmax, locate, diagnose);
