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
#include "layout.h"

static void add_case(struct case_set *set, struct rng *rng, const char *name, int64_t n, int grid,
                     int block, bool timed)
{
	struct jcase *c = case_new(set, name);
	float a = (float)rng_uniform(rng, -3, 3);
	uint32_t bits;
	memcpy(&bits, &a, sizeof bits);
	c->param[CJ_P_N] = n;
	c->param[CJ_P_GRID] = grid;
	c->param[CJ_P_BLOCK] = block;
	c->param[CJ_P_A] = bits;
	c->timed = timed;
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *y = case_buf(set, c, "y", CJ_F32, CJ_INOUT, (uint64_t)n);
	float *xv = x->data, *yv = y->data, *want = y->expect;
	for (int64_t i = 0; i < n; ++i) {
		xv[i] = (float)rng_uniform(rng, -1, 1);
		yv[i] = (float)rng_uniform(rng, -1, 1);
		want[i] = (float)((double)a * xv[i] + yv[i]);
	}
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	add_case(
	        set, rng,
	        L("sample: 1000 elements, 2 blocks of 64", "样例：1000 元素，2 个 64 线程的 block"),
	        1000, 2, 64, false);
	add_case(set, rng, L("one block of 32", "一个 32 线程的 block"), 777, 1, 32, false);
	add_case(set, rng, L("more threads than elements", "线程比元素多"), 37, 4, 128, false);
	add_case(set, rng, L("n=1", "只有 1 个元素"), 1, 3, 64, false);
	add_case(set, rng, L("8 blocks of 256", "8 个 256 线程的 block"), 100003, 8, 256, false);
	add_case(set, rng, L("13 blocks of 96", "13 个 96 线程的 block"), 65536 + 5, 13, 96, false);
	if (!plan->emulated)
		add_case(set, rng,
		         L("4 million elements, 132 blocks", "400 万个元素，132 个 block"), 4 << 20,
		         132, 512, false);
	if (plan->timed)
		add_case(set, rng, L("timed", "计时"), e->perf.n, 132 * 8, 256, true);
}

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

const struct problem grid_stride_problem = {
        .id = "grid_stride",
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
