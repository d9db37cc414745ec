/* cg_reduce: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/block_sums.h"
#include "../common/case_table.h"
#include "layout.h"

/* Adds the buffers of a case {name, {n, T = bx * by * bz, blockDim.x, .y and
 * .z, items per thread, calls per kernel}, n on the emulator (where every
 * thread is a CPU thread) when fewer}, and the inputs' range (lo == hi: 1,
 * 2, ..., n). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct range_row *r = row;
	int64_t size = c->param[CJ_P_BLOCK];
	/* Every thread of a block gets the same sum. */
	block_sums_buffers(set, c, rng, c->param[CJ_P_N], size, c->param[CJ_P_ITEMS],
	                   (int)c->param[CJ_P_CALLS], size, r->lo, r->hi);
}

/* clang-format off */
static const struct range_row case_rows[] = {
	{{LT("sample: 1..64, one block of 64", "样例：1..64，一个 64 线程的 block"), {64, 64, 64, 1, 1, 1, 1}}, 0, 0},
	{{LT("block 32, many blocks", "block 32，很多 block"), {32 * 50 + 7, 32, 32, 1, 1, 1, 1}}, -1, 1},
	{{LT("block 96, called twice", "block 96，调用两次"), {96 * 40 + 50, 96, 96, 1, 1, 1, 2}, 96 * 12 + 50}, -1, 1},
	{{{"block 1024", "block 1024"}, {1024 * 8 + 500, 1024, 1024, 1, 1, 1, 1}}, -1, 1},
	{{LT("2-D block 16x16", "二维 block 16x16"), {256 * 30 + 100, 16 * 16, 16, 16, 1, 1, 1}, 256 * 10 + 100}, -1, 1},
	{{LT("2-D block 32x3 (3 warps)", "二维 block 32x3（3 个 warp）"), {96 * 20 + 1, 32 * 3, 32, 3, 1, 1, 1}}, -1, 1},
	{{LT("3-D block 8x4x4, called twice", "三维 block 8x4x4，调用两次"), {128 * 25 + 3, 8 * 4 * 4, 8, 4, 4, 1, 2}, 128 * 8 + 3}, -1, 1},
	{{LT("2-D block 32x32, 2 items per thread", "二维 block 32x32，每线程 2 个"), {1024 * 2 * 6 + 500, 32 * 32, 32, 32, 1, 2, 1}, 1024 * 2 * 3 + 500}, -1, 1},
	{{LT("block 128, 4 items per thread", "block 128，每线程 4 个元素"), {128 * 4 * 30 + 3, 128, 128, 1, 1, 4, 1}, 128 * 4 * 10 + 3}, -1, 1},
	{{LT("all negative, block 256", "全为负数，block 256"), {256 * 33 + 1, 256, 256, 1, 1, 1, 1}, 256 * 9 + 1}, -100, -1},
	{{LT("large magnitudes, block 64x8", "大数值，block 64x8"), {512 * 20, 64 * 8, 64, 8, 1, 1, 2}, 512 * 6}, -1e6, 1e6},
	{{LT("n=1, block 64", "只有 1 个元素，block 64"), {1, 64, 64, 1, 1, 1, 1}}, -5, 5},
	{{LT("timed", "计时"), {PERF_N, 256, 256, 1, 1, 16, 1}}, 0, 1},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t size = c->param[CJ_P_BLOCK];
	w->block = (int64_t)index / (size * c->param[CJ_P_CALLS]);
	w->thread = (int64_t)index % size; /* the rank: warp and lane follow from it */
}

static bool near(double got, double want, double mag)
{
	return !isnan(got) && fabs(got - want) <= 1e-4 + 1e-4 * (mag + fabs(want));
}

/* Sum of the values that the threads of warp `warp` of block b added up
 * before the call (the elements are spread over the ranks as in the glue). */
static double warp_part(const struct jcase *c, const float *v, int64_t b, int64_t warp)
{
	int64_t size = c->param[CJ_P_BLOCK], items = c->param[CJ_P_ITEMS], n = c->param[CJ_P_N];
	double s = 0;
	for (int64_t k = 0; k < items; ++k)
		for (int64_t r = warp * 32; r < warp * 32 + 32; ++r) {
			int64_t i = b * size * items + k * size + r;
			if (i < n)
				s += v[i];
		}
	return s;
}

/* Facts about the wrong results of call 0 (the one that is always made). */
struct pattern {
	bool rank0_right;   /* rank 0 right in every block */
	bool others_wrong;  /* some other rank wrong */
	bool warp_sums;     /* every thread holds its own warp's sum */
	bool second_only;   /* call 0 right everywhere, call 1 wrong somewhere */
	bool whole_numbers; /* every wrong result is a whole number, the right ones are not */
	bool own_values;    /* every thread returned the value it passed in (items == 1) */
	bool nonzero_wrong; /* some wrong result is not 0 */
};

static void find_pattern(const struct jcase *c, struct pattern *p)
{
	int64_t size = c->param[CJ_P_BLOCK], calls = c->param[CJ_P_CALLS];
	const float *got = c->buf[CJ_B_SUMS].data, *want = c->buf[CJ_B_SUMS].expect;
	const double *scale = c->buf[CJ_B_SUMS].scale;
	int64_t blocks = (int64_t)c->buf[CJ_B_SUMS].count / (size * calls);
	if (blocks > 64)
		blocks = 64;
	*p = (struct pattern){true, false, true, false, true, c->param[CJ_P_ITEMS] == 1, false};
	const float *x = c->buf[CJ_B_X].data;
	bool call0_wrong = false, call1_wrong = false;
	for (int64_t b = 0; b < blocks; ++b)
		for (int64_t k = 0; k < calls; ++k)
			for (int64_t r = 0; r < size; ++r) {
				int64_t i = (b * calls + k) * size + r;
				bool ok = near(got[i], want[i], scale[i]);
				if (!ok)
					p->whole_numbers &=
					        got[i] == rintf(got[i]) && want[i] != rint(want[i]);
				if (k == 1) {
					call1_wrong |= !ok;
					continue;
				}
				call0_wrong |= !ok;
				if (r == 0)
					p->rank0_right &= ok;
				else
					p->others_wrong |= !ok;
				double part = warp_part(c, x, b, r / 32);
				p->warp_sums &= near(got[i], part, scale[i]);
				int64_t own = b * size + r; /* with one item per thread */
				if (p->own_values)
					p->own_values = own < c->param[CJ_P_N] ? got[i] == x[own]
					                                       : got[i] == 0;
			}
	p->second_only = call1_wrong && !call0_wrong;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SUMS || f->report.nshown == 0)
		return NULL;
	struct pattern p;
	find_pattern(c, &p);
	bool multi_dim = c->param[CJ_P_BY] * c->param[CJ_P_BZ] > 1;
	if (p.second_only)
		return L("the first call in each kernel is right but the second is wrong: before "
		         "shared memory is reused, every thread must be done reading it (end with "
		         "block.sync())",
		         "每个 kernel "
		         "里第一次调用正确，第二次却错了：共享内存被再次使用之前，每个线程都必须已"
		         "经读完它（在末尾调用 block.sync()）");
	if (p.warp_sums && c->param[CJ_P_BLOCK] > 32)
		return L("every thread got its own warp's sum: the tiles' partial sums must also "
		         "be combined across the block (one shared-memory slot per tile, "
		         "block.sync(), then add the slots)",
		         "每个线程得到的是自己所在 warp 的和：各个 tile 的部分和还要在整个 block "
		         "内合并（每个 tile 一个共享内存槽位，block.sync()，再把槽位加起来）");
	if (p.rank0_right && p.others_wrong)
		return L("thread 0 of each block is right but other threads are not: every thread "
		         "must return the block's sum, so share the total (through shared memory, "
		         "after a block.sync()) or let every tile add up the slots itself",
		         "每个 block 的线程 0 正确，其他线程却不对：每个线程都必须返回 block "
		         "的总和，所以要把总和共享出去（通过共享内存，在 block.sync() "
		         "之后），或者让每个 tile 自己把槽位加起来");
	if (p.own_values)
		return L("every thread returned its own value: nothing was added up",
		         "每个线程都返回了自己的值：什么都没有加起来");
	if (multi_dim && !p.nonzero_wrong)
		return L("every wrong sum is 0, in a block that is not one-dimensional: number the "
		         "threads with block.thread_rank() and count them with block.size() (or "
		         "use the tiles' meta_group_rank() and meta_group_size()), not threadIdx.x "
		         "and blockDim.x: with a 16x16 block, blockDim.x / 32 is 0",
		         "在不是一维的 block 里，每个错误的和都是 0：用 block.thread_rank() "
		         "给线程编号、用 block.size() 计数（或用 tile 的 meta_group_rank() 和 "
		         "meta_group_size()），不要用 threadIdx.x 和 blockDim.x：16x16 的 block 里 "
		         "blockDim.x / 32 等于 0");
	if (p.whole_numbers && p.nonzero_wrong)
		return L("the sums are whole numbers: was something accumulated in an int?",
		         "求出的和都是整数：是不是用 int 累加了？");
	if (multi_dim)
		return L("wrong in a block that is not one-dimensional: number the threads with "
		         "block.thread_rank() and count them with block.size(), not threadIdx.x "
		         "and blockDim.x (with a 16x16 block, threadIdx.x only goes up to 15)",
		         "在不是一维的 block 里结果错误：用 block.thread_rank() 给线程编号、用 "
		         "block.size() 计数，不要用 threadIdx.x 和 blockDim.x（16x16 的 block 里 "
		         "threadIdx.x 最大只到 15）");
	return NULL;
}

TABLE_PROBLEM(cg_reduce, locate, diagnose);
