/* grid_sync: cases, golden model (the same float arithmetic as the
 * statement's formula) and diagnoses (device side: glue.cuh). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

static void blur(const float *from, float *to, int64_t n)
{
	for (int64_t i = 0; i < n; ++i) {
		float left = i > 0 ? from[i - 1] : 0.0f, right = i + 1 < n ? from[i + 1] : 0.0f;
		to[i] = (left + from[i] + right) / 3.0f;
	}
}

/* Adds the buffers of a case {name, {n, steps, blockDim.x, the blocks
 * wanted}}. On the emulator every thread of the grid is a fiber at once:
 * small grids; on a GPU the grid is whatever fits, at most the count given. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t n = c->param[CJ_P_N];
	struct jbuf *a = case_buf(set, c, "a", CJ_F32, CJ_INOUT, (uint64_t)n);
	struct jbuf *b = case_buf(set, c, "b", CJ_F32, CJ_INOUT, (uint64_t)n);
	b->by_extra = true; /* scratch */
	float *av = a->data, *bv = b->data, *want = a->expect;
	for (int64_t i = 0; i < n; ++i) {
		av[i] = want[i] = (float)rng_uniform(rng, -1, 1);
		bv[i] = 0.0f;
	}
	float *tmp = malloc(sizeof(float) * (size_t)n);
	if (!tmp)
		abort();
	for (int s = 0; s < c->param[CJ_P_STEPS]; ++s) {
		blur(want, tmp, n);
		memcpy(want, tmp, sizeof(float) * (size_t)n);
	}
	free(tmp);
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: 10 elements, 1 step", "样例：10 个元素，1 步"), {10, 1, 32, 2}},
	{LT("1000 elements, 4 steps, 3 blocks", "1000 个元素，4 步，3 个 block"), {1000, 4, 32, 3}},
	{LT("4099 elements, 7 steps", "4099 个元素，7 步"), {4099, 7, 64, 4}},
	{LT("fewer elements than threads, 3 steps", "元素比线程少，3 步"), {50, 3, 64, 2}},
	{LT("whole device, 1M elements, 9 steps", "全设备，1M 个元素，9 步"), {1 << 20, 9, 256, 100000}, GPU_ONLY},
	{LT("whole device, 100K elements, 40 steps", "全设备，100K 个元素，40 步"), {100003, 40, 128, 100000}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 4, 256, 100000}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	(void)index;
	w->block = -1; /* the grid's size is the device's: no fixed owner */
	w->thread = -1;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_A || f->report.nshown == 0)
		return NULL;
	int64_t n = c->param[CJ_P_N];
	int steps = (int)c->param[CJ_P_STEPS];
	/* the result of one step fewer: a step lost, or left in b */
	float *cur = malloc(sizeof(float) * (size_t)n), *tmp = malloc(sizeof(float) * (size_t)n);
	if (!cur || !tmp)
		abort();
	memcpy(cur, c->buf[CJ_B_A].initial, sizeof(float) * (size_t)n);
	for (int s = 0; s + 1 < steps; ++s) {
		blur(cur, tmp, n);
		memcpy(cur, tmp, sizeof(float) * (size_t)n);
	}
	const float *got = c->buf[CJ_B_A].data;
	bool one_short = steps > 0;
	for (int i = 0; i < f->report.nshown && one_short; ++i) {
		uint64_t k = f->report.shown[i].index;
		one_short = fabsf(got[k] - cur[k]) <= 1e-5f * (1 + fabsf(cur[k]));
	}
	free(cur);
	free(tmp);
	if (one_short)
		return L("a holds the result of one step fewer than asked: after an odd number of "
		         "steps the newest values are in b; copy them back to a (after another "
		         "grid.sync())",
		         "a 里是比要求少一步的结果：奇数步之后最新的值在 b 里；要把它们拷回 "
		         "a（在再一次 grid.sync() 之后）");
	return L("some elements were computed from neighbours of the wrong step: every block must "
	         "finish writing a step before any block reads it (grid.sync() between steps), and "
	         "nobody may overwrite a value another block still has to read",
	         "有些元素是用错了步的邻居算出来的：所有 block 都写完一步之后，才能有 block "
	         "读它（步与步之间要 grid.sync()），而且谁都不能覆盖别的 block 还要读的值");
}

TABLE_PROBLEM(grid_sync, locate, diagnose);
