/* block_softmax: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/softmax_cases.h"
#include "layout.h"

/* The cases, in order: {name, {rows, len, blockDim.x, rows per block}, rows on the
 * emulator when fewer}, how the rows are drawn. */
/* clang-format off */
static const struct softmax_row case_rows[] = {
	{{LT("sample: one row 0, 0.125, ..., block 64", "样例：一行 0, 0.125, ...，block 64"), {1, 200, 64, 1}}, SPREAD_RAMP, 1.0f / 8},
	{{LT("block 32, len 1", "block 32，行长 1"), {20, 1, 32, 1}}, SPREAD_SMALL},
	{{LT("block 64 (2 warps), len 100", "block 64（2 个 warp），行长 100"), {30, 100, 64, 1}}, SPREAD_SMALL},
	{{LT("block 96 (3 warps), 2 rows per block", "block 96（3 个 warp），每 block 2 行"), {40, 1000, 96, 2}, 12}, SPREAD_SMALL},
	{{LT("block 96, len 50 (shorter than the block)", "block 96，行长 50（短于 block）"), {30, 50, 96, 1}}, SPREAD_SMALL},
	{{LT("block 128, len 4099 (unaligned rows)", "block 128，行长 4099（行未对齐）"), {12, 4099, 128, 1}}, SPREAD_SMALL},
	{{LT("block 256, len 30001 (long rows)", "block 256，行长 30001（长行）"), {3, 30001, 256, 1}}, SPREAD_SMALL},
	{{LT("block 992 (31 warps), len 2000", "block 992（31 个 warp），行长 2000"), {10, 2000, 992, 1}, 3}, SPREAD_SMALL},
	{{LT("block 1024, len 20480, 2 rows per block", "block 1024，行长 20480，每 block 2 行"), {4, 20480, 1024, 2}}, SPREAD_SMALL},
	{{LT("inputs up to +-100 (exp overflows), block 64", "输入达 +-100（exp 上溢），block 64"), {30, 700, 64, 1}, 10}, SPREAD_LARGE},
	{{LT("all in [-120, -100) (exp underflows), block 96", "都在 [-120, -100)（下溢），block 96"), {30, 300, 96, 1}, 10}, SPREAD_NEGATIVE},
	{{LT("ties: constant and two-valued rows, block 128", "并列：常数行与两值行，block 128"), {20, 129, 128, 1}}, SPREAD_TIES},
	{{LT("one dominant element per row, block 256", "每行一个极大元素，block 256"), {20, 3000, 256, 1}}, SPREAD_DOMINANT},
	{{LT("random, many rows, block 128", "随机，很多行，block 128"), {2000, 257, 128, 1}, 40}, SPREAD_SMALL},
	{{LT("timed", "计时"), {PERF_N, 4096, 256, 1}}, SPREAD_SMALL},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), softmax_case};

/* True when every element of the row is 0 or NaN (but written). */
static bool row_zero_or_nan(const struct jcase *c, int64_t row)
{
	int64_t len = c->param[CJ_P_LEN];
	const float *got = (const float *)c->buf[CJ_B_Y].data + row * len;
	const uint32_t *bits = (const uint32_t *)got;
	for (int64_t j = 0; j < len; ++j)
		if (bits[j] == 0xffffffffu || !(got[j] == 0 || isnan(got[j])))
			return false;
	return true;
}

/* True when some row's first call (of rpb > 1) is right and a later one wrong. */
static bool later_rows_wrong(const struct jcase *c)
{
	int64_t rows = c->param[CJ_P_ROWS], len = c->param[CJ_P_LEN], rpb = c->param[CJ_P_PER];
	if (rpb < 2)
		return false;
	const float *got = c->buf[CJ_B_Y].data, *want = c->buf[CJ_B_Y].expect;
	bool first_ok = true, later_bad = false;
	for (int64_t r = 0; r < rows; ++r)
		for (int64_t j = 0; j < len; ++j) {
			bool ok = fabs((double)got[r * len + j] - want[r * len + j]) <=
			          5e-5 * fabs((double)want[r * len + j]) + 1e-30;
			if (r % rpb == 0)
				first_ok &= ok;
			else
				later_bad |= !ok;
		}
	return first_ok && later_bad;
}

/* True when the row equals a softmax taken separately over each warp's
 * elements (thread t takes j = t, t + blockDim.x, ...), as code that reduces
 * within warps only computes. */
static bool per_warp_softmax(const struct jcase *c, int64_t row)
{
	int64_t len = c->param[CJ_P_LEN], block = c->param[CJ_P_BLOCK];
	const float *x = (const float *)c->buf[CJ_B_X].data + row * len;
	const float *got = (const float *)c->buf[CJ_B_Y].data + row * len;
	if (block == 32 || len <= 32)
		return false;
	for (int64_t w = 0; w < block / 32; ++w) {
		double m = -INFINITY, s = 0;
		for (int64_t j = 0; j < len; ++j)
			if ((j % block) / 32 == w)
				m = x[j] > m ? x[j] : m;
		for (int64_t j = 0; j < len; ++j)
			if ((j % block) / 32 == w)
				s += exp(x[j] - m);
		for (int64_t j = 0; j < len; ++j)
			if ((j % block) / 32 == w &&
			    fabs(got[j] - exp(x[j] - m) / s) > 1e-3 * exp(x[j] - m) / s + 1e-30)
				return false;
	}
	return true;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	int64_t row;
	const char *overflow = softmax_first_look(c, f, &row);
	if (overflow || row < 0)
		return overflow;
	int64_t len = c->param[CJ_P_LEN], block = c->param[CJ_P_BLOCK];
	if (block < 1024 && row_zero_or_nan(c, row))
		return L("the whole row came out 0 (or NaN), as if the block's max or sum included "
		         "something huge: with fewer than 32 warps, the shared slots past the last "
		         "warp were never written in this kernel. Use -INFINITY (max) or 0 (sum) "
		         "for lanes >= blockDim.x / 32 instead of reading their slots",
		         "整行结果都是 0（或 NaN），好像 block "
		         "的最大值或总和里混进了一个极大的数：warp 少于 32 个时，最后一个 warp "
		         "之后的共享槽位在这个 kernel 里从未被写过。对 lane >= blockDim.x / 32 用 "
		         "-INFINITY（最大值）或 0（总和），不要读它们的槽位");
	if (len > block && softmax_unwritten_from(c, row, block))
		return L(
		        "only the first blockDim.x elements of the row were written: each thread "
		        "must loop over the row in steps of blockDim.x, in the max and the sum too",
		        "每行只写了前 blockDim.x 个元素：每个线程都要以 blockDim.x "
		        "为步长循环遍历整行，求最大值和求和时也一样");
	if (per_warp_softmax(c, row))
		return L("each warp normalised only its own elements: the max and the sum were "
		         "reduced within warps but not across the warps of the block (one shared "
		         "slot per warp, then combine the slots)",
		         "每个 warp 只用自己的元素做了归一化：最大值和总和只在 warp "
		         "内归约了，没有在 block 的各个 warp 之间归约（每个 warp "
		         "一个共享槽位，再合并这些槽位）");
	if (later_rows_wrong(c))
		return L(
		        "the first row each block handles is right but a later one is wrong: "
		        "before shared memory is reused by the next call, every thread must be "
		        "done reading it (a __syncthreads() between the last read and the next "
		        "write)",
		        "每个 block "
		        "处理的第一行正确，后面的行却错了：共享内存被下一次调用再次使用之前，每个线"
		        "程都必须已经读完它（在最后一次读和下一次写之间加一个 __syncthreads()）");
	if (softmax_one_factor_off(c, row))
		return L("each element is off by the same factor within a row: the normalising sum "
		         "is wrong. It must add expf(x - max) over the whole row, from every warp "
		         "of the block, and reach every thread",
		         "同一行里每个元素都差了同一个倍数：用来归一化的总和不对。它必须是整行 "
		         "expf(x - max) 之和，包含 block 里每个 warp 的部分，并且要传给每个线程");
	return NULL;
}

TABLE_PROBLEM(block_softmax, softmax_locate_by_block, diagnose);
