/* block_reduce_sum: cases, golden model (in double) and diagnoses (device
 * side: glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/block_sums.h"
#include "../common/case_table.h"
#include "layout.h"

/* Adds the buffers of a case {name, {n, blockDim.x, items per thread, calls
 * per kernel}}, and the inputs' range (lo == hi: 1, 2, ..., n). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct range_row *r = row;
	block_sums_buffers(set, c, rng, c->param[CJ_P_N], c->param[CJ_P_BLOCK],
	                   c->param[CJ_P_ITEMS], (int)c->param[CJ_P_CALLS], 1, r->lo, r->hi);
}

/* clang-format off */
static const struct range_row case_rows[] = {
	{{LT("sample: 1..32, block 32", "样例：1..32，block 32"), {32, 32, 1, 1}}, 0, 0},
	{{LT("block 32, many blocks", "block 32，很多 block"), {32 * 50 + 7, 32, 1, 1}}, -1, 1},
	{{LT("block 96, called twice", "block 96，调用两次"), {96 * 40 + 50, 96, 1, 2}}, -1, 1},
	{{LT("block 128, 4 items per thread", "block 128，每线程 4 个元素"), {128 * 4 * 30 + 3, 128, 4, 1}}, -1, 1},
	{{LT("block 992 (31 warps)", "block 992（31 个 warp）"), {992 * 9 + 100, 992, 1, 1}}, -1, 1},
	{{LT("block 1024, called twice", "block 1024，调用两次"), {1024 * 8 + 500, 1024, 1, 2}}, -1, 1},
	{{LT("all negative, block 256", "全为负数，block 256"), {256 * 33 + 1, 256, 1, 1}}, -100, -1},
	{{LT("large magnitudes, block 512", "大数值，block 512"), {512 * 20, 512, 1, 2}}, -1e6, 1e6},
	{{LT("n=1, block 64", "只有 1 个元素，block 64"), {1, 64, 1, 1}}, -5, 5},
	{{LT("timed", "计时"), {PERF_N, 256, 16, 1}}, 0, 1},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	w->block = (int64_t)index / c->param[CJ_P_CALLS];
	w->thread = 0;
}

/* Sum of the part of block b that warp 0 holds (items spread as in the glue). */
static double warp0_part(const struct jcase *c, const float *v, int64_t b)
{
	int64_t block = c->param[CJ_P_BLOCK], items = c->param[CJ_P_ITEMS], n = c->param[CJ_P_N];
	double s = 0;
	for (int64_t k = 0; k < items; ++k)
		for (int64_t t = 0; t < 32; ++t) {
			int64_t i = b * block * items + k * block + t;
			if (i < n)
				s += v[i];
		}
	return s;
}

/* What thread 0 of block b holds before the reduction: its own items. */
static double thread0_part(const struct jcase *c, const float *v, int64_t b)
{
	int64_t block = c->param[CJ_P_BLOCK], items = c->param[CJ_P_ITEMS], n = c->param[CJ_P_N];
	double s = 0;
	for (int64_t k = 0; k < items; ++k) {
		int64_t i = b * block * items + k * block;
		if (i < n)
			s += v[i];
	}
	return s;
}

/* True when every shown wrong sum is one and the same value although the
 * sums due differ: a result kept from an earlier call. (Not 0: inputs below 1
 * truncated to int also sum to 0 everywhere.) */
static bool one_stale_value(const struct buffer_report *r)
{
	if (r->nshown < 2 || r->shown[0].got == 0)
		return false;
	bool same_got = true, same_want = true;
	for (int i = 1; i < r->nshown; ++i) {
		same_got &= r->shown[i].got == r->shown[0].got;
		same_want &= r->shown[i].want == r->shown[0].want;
	}
	return same_got && !same_want;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_SUMS || f->report.nshown == 0)
		return NULL;
	const float *got = c->buf[CJ_B_SUMS].data;
	int64_t calls = c->param[CJ_P_CALLS], block = c->param[CJ_P_BLOCK];
	uint64_t k = f->report.shown[0].index;
	int64_t b = (int64_t)k / calls;
	const float *v = k % (uint64_t)calls ? c->buf[CJ_B_Y].data : c->buf[CJ_B_X].data;
	if (fabs(got[k] - thread0_part(c, v, b)) <= 1e-6 * (1 + fabs(got[k])) &&
	    got[k] != (float)f->report.shown[0].want)
		return L("thread 0 returned its own value: block_reduce_sum must add up the values "
		         "of every thread of the block (shuffles within each warp, then one "
		         "shared-memory slot per warp)",
		         "线程 0 返回的是它自己的值：block_reduce_sum 必须把 block 中每个线程的值"
		         "都加起来（先在每个 warp 内用 shuffle，再用每个 warp 一个共享内存槽位）");
	if (one_stale_value(&f->report))
		return L("every wrong sum is the same value, a sum from an earlier call or case: "
		         "nothing may be kept between calls (a __device__ or static variable); "
		         "reduce the values of this call every time",
		         "每个错误的和都是同一个值，是之前某次调用或某个用例的和：调用之间不能保留"
		         "任何东西（__device__ 或 static 变量）；每次都要对这一次调用的值做归约");
	if (block > 32 && fabs(got[k] - warp0_part(c, v, b)) <= 1e-3 * (1 + fabs(got[k])))
		return L("thread 0 returned only its own warp's sum: the other warps' partial sums "
		         "must be combined too (one shared-memory slot per warp)",
		         "线程 0 只返回了自己所在 warp 的和：其他 warp "
		         "的部分和也必须合并进来（每个 warp 一个共享内存槽位）");
	bool first_calls_right = calls > 1;
	for (int i = 0; i < f->report.nshown; ++i)
		first_calls_right &= f->report.shown[i].index % 2 == 1;
	if (first_calls_right)
		return L("the first call in each kernel is right but the second is wrong: before "
		         "shared memory is reused, every thread must be done reading it (a "
		         "__syncthreads() at the end)",
		         "每个 kernel "
		         "里第一次调用正确，第二次却错了：共享内存被再次使用之前，每个线程都必须已"
		         "经读完它（在末尾加一个 __syncthreads()）");
	if (got[k] == rintf(got[k]) && f->report.shown[0].want != rint(f->report.shown[0].want))
		return L("the sums are whole numbers: was something accumulated in an int?",
		         "求出的和都是整数：是不是用 int 累加了？");
	if ((block & (block - 1)) != 0)
		return L("wrong when blockDim.x is not a power of two: a halving tree drops "
		         "elements when the active count is odd; reduce within warps, then across "
		         "warps",
		         "blockDim.x 不是 2 "
		         "的幂时结果错误：逐次减半的归约树在活跃数目为奇数时会漏掉元素；先在 warp "
		         "内归约，再在 warp 之间归约");
	return NULL;
}

TABLE_PROBLEM(block_reduce_sum, locate, diagnose);
