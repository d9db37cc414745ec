/* barrier_phases: cases, golden model (the statement's float arithmetic,
 * segment by segment) and diagnoses (device side: glue.cuh). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

/* `steps` steps over one segment of `len` elements, in place. */
static void smooth(float *seg, int len, int steps)
{
	float *next = malloc(sizeof(float) * (size_t)len);
	if (!next)
		abort();
	for (int s = 0; s < steps; ++s) {
		for (int t = 0; t < len; ++t) {
			float left = t > 0 ? seg[t - 1] : 0.0f,
			      right = t + 1 < len ? seg[t + 1] : 0.0f;
			next[t] = (left + seg[t] + right) / 3.0f;
		}
		memcpy(seg, next, sizeof(float) * (size_t)len);
	}
	free(next);
}

/* A case: {name, {n (blocks * blockDim.x; the timed one's is rounded down
 * to whole blocks), blockDim.x, steps}}. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t block = c->param[CJ_P_BLOCK], n = c->param[CJ_P_N] / block * block;
	c->param[CJ_P_N] = n;
	struct in_out io = in_out_buffers(set, c, CJ_F32, "in", "out", n);
	float *x = io.in, *want = io.want;
	for (int64_t i = 0; i < n; ++i)
		want[i] = x[i] = (float)rng_uniform(rng, -1, 1);
	for (int64_t b = 0; b < n / block; ++b)
		smooth(want + b * block, (int)block, (int)c->param[CJ_P_STEPS]);
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: one block of 32, 1 step", "样例：一个 32 线程的 block，1 步"), {1 * 32, 32, 1}},
	{LT("block 32, 2 steps", "block 32，2 步"), {4 * 32, 32, 2}},
	{LT("block 96, 5 steps", "block 96，5 步"), {10 * 96, 96, 5}},
	{LT("block 256, 16 steps", "block 256，16 步"), {6 * 256, 256, 16}},
	{LT("block 1024, 3 steps", "block 1024，3 步"), {2 * 1024, 1024, 3}},
	{LT("block 64, no steps", "block 64，0 步"), {3 * 64, 64, 0}},
	{LT("many blocks of 128, 50 steps", "多个 128 线程的 block，50 步"), {4000 * 128, 128, 50}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 256, 8}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	w->block = (int64_t)index / c->param[CJ_P_BLOCK];
	w->thread = (int64_t)index % c->param[CJ_P_BLOCK];
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	int64_t block = c->param[CJ_P_BLOCK];
	bool edges_only = true;
	for (int i = 0; i < f->report.nshown; ++i) {
		int64_t t = (int64_t)f->report.shown[i].index % block;
		edges_only &= t == 0 || t == block - 1;
	}
	if (edges_only)
		return L("only the first or last thread of a block is wrong: the neighbours "
		         "outside the tile count as 0",
		         "只有 block 的第一个或最后一个线程出错：tile 之外的邻居按 0 计");
	return L("values were mixed from two steps: every thread must finish reading its "
	         "neighbours before any thread writes the step's new value (one barrier phase), "
	         "and finish writing before anyone reads the next step (another)",
	         "数值混用了两步的结果：所有线程都读完邻居之后，才能有线程写入这一步的新值（一个 "
	         "barrier 阶段）；所有线程都写完之后，才能有线程读下一步（另一个阶段）");
}

TABLE_PROBLEM(barrier_phases, locate, diagnose);
