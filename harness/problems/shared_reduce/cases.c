/* shared_reduce: cases, golden model (32-bit sums that wrap, as on the GPU)
 * and diagnoses (device side: glue.cuh). */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "layout.h"

static int32_t block_sum(const int32_t *x, int64_t n, int64_t first, int64_t count)
{
	uint32_t s = 0;
	for (int64_t i = first; i < first + count && i < n; ++i)
		s += (uint32_t)x[i];
	return (int32_t)s;
}

static void add_case(struct case_set *set, struct rng *rng, const char *name, int64_t n, int block,
                     int64_t lo, int64_t hi, bool timed)
{
	struct jcase *c = case_new(set, name);
	c->param[CJ_P_N] = n;
	c->param[CJ_P_BLOCK] = block;
	c->timed = timed;
	int64_t blocks = (n + block - 1) / block;
	struct jbuf *x = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n);
	struct jbuf *sums = case_buf(set, c, "sums", CJ_I32, CJ_OUT, (uint64_t)blocks);
	int32_t *xv = x->data, *want = sums->expect;
	for (int64_t i = 0; i < n; ++i)
		xv[i] = lo == hi ? (int32_t)(i + 1) : (int32_t)rng_range(rng, lo, hi);
	for (int64_t b = 0; b < blocks; ++b)
		want[b] = block_sum(xv, n, b * block, block);
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	/* The emulator runs every thread of every block: fewer blocks there. */
	const bool emu = plan->emulated;
	add_case(set, rng, L("sample: 1..64, block 32", "样例：1..64，block 32"), 64, 32, 0, 0,
	         false);
	add_case(set, rng, L("block 64, partial last block", "block 64，最后一个 block 不满"),
	         64 * (emu ? 5 : 20) + 9, 64, -100, 100, false);
	add_case(set, rng, L("block 128", "block 大小 128"), 128 * (emu ? 12 : 50), 128, -1000,
	         1000, false);
	add_case(set, rng, L("block 256, partial", "block 256，最后一个不满"),
	         256 * (emu ? 7 : 30) + 255, 256, -5, 5, false);
	add_case(set, rng, L("block 512", "block 大小 512"), 512 * (emu ? 5 : 20) + 1, 512, 0,
	         1000000, false);
	add_case(set, rng,
	         L("block 1024, large values (wraps)", "block 1024，大数值（会溢出回绕）"),
	         1024 * (emu ? 3 : 12) + 3, 1024, -2000000000, 2000000000, false);
	add_case(set, rng, L("n=1, block 32", "只有 1 个元素，block 32"), 1, 32, -9, 9, false);
	if (plan->timed)
		add_case(set, rng, L("timed", "计时"), e->perf.n, 256, -1000, 1000, true);
}

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	w->block = buf == CJ_B_SUMS ? (int64_t)index : (int64_t)index / c->param[CJ_P_BLOCK];
	w->thread = 0;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SUMS || f->report.nshown == 0)
		return NULL;
	const int32_t *x = c->buf[CJ_B_X].data, *got = c->buf[CJ_B_SUMS].data;
	int64_t n = c->param[CJ_P_N], block = c->param[CJ_P_BLOCK];
	uint64_t b = f->report.shown[0].index;
	if (got[b] == block_sum(x, n, (int64_t)b * block, 32))
		return L("the sum covers only the first 32 elements of the block: the tree must "
		         "start at blockDim.x / 2, not at a fixed warp size",
		         "和只包含了 block 的前 32 个元素：树形归约必须从 blockDim.x / 2 "
		         "开始，而不是从固定的 warp 大小开始");
	if ((int64_t)b == (n - 1) / block && n % block && f->report.bad == 1)
		return L("only the last, partial block is wrong: threads past the end of x must "
		         "put 0 in their shared slot (and still take part in every barrier)",
		         "只有最后那个不满的 block 出错：超出 x 末尾的线程必须在自己的 shared "
		         "槽位里放 0（并且仍要参与每一次 barrier）");
	return NULL;
}

const struct problem shared_reduce_problem = {
        .id = "shared_reduce",
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
