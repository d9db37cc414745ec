/* grid_stride: cases and golden model (device side: glue.cuh). The
 * grid has a fixed size chosen by the case, usually far fewer threads than
 * elements, so that a kernel without a grid-stride loop leaves most of y as
 * it was. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

struct saxpy {
	float a;
	float *x, *y, *want;
};

/* x and y of elements [lo, hi), and the golden y. */
static void fill_saxpy(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct saxpy *d = ctx;
	for (int64_t i = lo; i < hi; ++i) {
		d->x[i] = (float)rng_uniform(rng, -1, 1);
		d->y[i] = (float)rng_uniform(rng, -1, 1);
		d->want[i] = (float)((double)d->a * d->x[i] + d->y[i]);
	}
}

/* Adds the buffers of a case {name, {n, gridDim.x, blockDim.x}}: the grid
 * usually has far fewer threads than elements. Draws the factor a first. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	float a = (float)rng_uniform(rng, -3, 3);
	uint32_t bits;
	memcpy(&bits, &a, sizeof bits);
	c->param[CJ_P_A] = bits;
	int64_t n = c->param[CJ_P_N];
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *y = case_buf(set, c, "y", CJ_F32, CJ_INOUT, (uint64_t)n);
	struct saxpy d = {a, x->data, y->data, y->expect};
	fill_case(c, rng, n, CASE_CHUNK, fill_saxpy, &d);
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: 1000 elements, 2 blocks of 64", "样例：1000 元素，2 个 64 线程的 block"), {1000, 2, 64}},
	{LT("one block of 32", "一个 32 线程的 block"), {777, 1, 32}},
	{LT("more threads than elements", "线程比元素多"), {37, 4, 128}},
	{LT("n=1", "只有 1 个元素"), {1, 3, 64}},
	{LT("8 blocks of 256", "8 个 256 线程的 block"), {100003, 8, 256}},
	{LT("13 blocks of 96", "13 个 96 线程的 block"), {65536 + 5, 13, 96}},
	{LT("4 million elements, 132 blocks", "400 万个元素，132 个 block"), {4 << 20, 132, 512}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 132 * 8, 256}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t threads = c->param[CJ_P_GRID] * c->param[CJ_P_BLOCK];
	int64_t g = (int64_t)index % threads; /* the thread a grid-stride loop gives it to */
	w->block = g / c->param[CJ_P_BLOCK];
	w->thread = g % c->param[CJ_P_BLOCK];
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_Y || f->report.nshown == 0)
		return NULL;
	const float *initial = c->buf[CJ_B_Y].initial, *got = c->buf[CJ_B_Y].data;
	int64_t threads = c->param[CJ_P_GRID] * c->param[CJ_P_BLOCK];
	uint64_t first = f->report.shown[0].index;
	if (initial && got[first] == initial[first] && (int64_t)first >= threads)
		return L("the elements past the first gridDim.x * blockDim.x were never updated: "
		         "the grid is smaller than the data, so each thread must loop, stepping by "
		         "blockDim.x * gridDim.x",
		         "前 gridDim.x * blockDim.x 个之后的元素从未被更新：grid "
		         "比数据小，所以每个线程都要循环，每次前进 blockDim.x * gridDim.x");
	if (f->report.bad < f->report.total)
		return L("some elements are wrong and others right: was an element updated more "
		         "than once (a stride that is not the whole grid, blockDim.x * gridDim.x)?",
		         "有些元素错、有些对：是不是有元素被更新了不止一次（步长不是整个 grid "
		         "的线程数 blockDim.x * gridDim.x）？");
	return NULL;
}

TABLE_PROBLEM(grid_stride, locate, diagnose);
