/* shared_reduce: cases, golden model (32-bit sums that wrap, as on the GPU)
 * and diagnoses (device side: glue.cuh). */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

static int32_t block_sum(const int32_t *x, int64_t n, int64_t first, int64_t count)
{
	uint32_t s = 0;
	for (int64_t i = first; i < first + count && i < n; ++i)
		s += (uint32_t)x[i];
	return (int32_t)s;
}

/* The sums of blocks [lo, hi) of case c (ctx). */
static void golden_sums(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const int32_t *x = c->buf[CJ_B_X].data;
	int32_t *want = c->buf[CJ_B_SUMS].expect;
	int64_t n = c->param[CJ_P_N], block = c->param[CJ_P_BLOCK];
	for (int64_t b = lo; b < hi; ++b)
		want[b] = block_sum(x, n, b * block, block);
}

/* Adds the buffers of a case {name, {n, blockDim.x}, n on the emulator
 * (where every thread of every block runs) when fewer}, and the inputs'
 * range (lo == hi: 1, 2, ..., n). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct range_row *r = row;
	int64_t n = c->param[CJ_P_N], block = c->param[CJ_P_BLOCK];
	int64_t blocks = (n + block - 1) / block;
	int32_t *x = case_buf(set, c, "x", CJ_I32, CJ_IN, (uint64_t)n)->data;
	case_buf(set, c, "sums", CJ_I32, CJ_OUT, (uint64_t)blocks);
	draw_ints(c, rng, x, n, r->lo, r->hi);
	parallel_chunks(blocks, units_per_chunk(block), golden_sums, c);
}

/* clang-format off */
static const struct range_row case_rows[] = {
	{{LT("sample: 1..64, block 32", "样例：1..64，block 32"), {64, 32}}, 0, 0},
	{{LT("block 64, partial last block", "block 64，最后一个 block 不满"), {64 * 20 + 9, 64}, 64 * 5 + 9}, -100, 100},
	{{LT("block 128", "block 大小 128"), {128 * 50, 128}, 128 * 12}, -1000, 1000},
	{{LT("block 256, partial", "block 256，最后一个不满"), {256 * 30 + 255, 256}, 256 * 7 + 255}, -5, 5},
	{{LT("block 512", "block 大小 512"), {512 * 20 + 1, 512}, 512 * 5 + 1}, 0, 1000000},
	{{LT("block 1024, large values (wraps)", "block 1024，大数值（会溢出回绕）"), {1024 * 12 + 3, 1024}, 1024 * 3 + 3}, -2000000000, 2000000000},
	{{LT("n=1, block 32", "只有 1 个元素，block 32"), {1, 32}}, -9, 9},
	{{LT("timed", "计时"), {PERF_N, 256}}, -1000, 1000},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

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
	int64_t b = (int64_t)f->report.shown[0].index;
	if (got[b] == block_sum(x, n, b * block, 32))
		return L("the sum covers only the first 32 elements of the block: the tree must "
		         "start at blockDim.x / 2, not at a fixed warp size",
		         "和只包含了 block 的前 32 个元素：树形归约必须从 blockDim.x / 2 "
		         "开始，而不是从固定的 warp 大小开始");
	if (b == (n - 1) / block && n % block && f->report.bad == 1)
		return L("only the last, partial block is wrong: threads past the end of x must "
		         "put 0 in their shared slot (and still take part in every barrier)",
		         "只有最后那个不满的 block 出错：超出 x 末尾的线程必须在自己的 shared "
		         "槽位里放 0（并且仍要参与每一次 barrier）");
	return NULL;
}

TABLE_PROBLEM(shared_reduce, locate, diagnose);
