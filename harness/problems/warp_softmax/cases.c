/* warp_softmax: cases, golden model (in double) and diagnoses (device side:
 * glue.cuh). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/softmax_cases.h"
#include "layout.h"

/* The cases, in order: {name, {rows, len, blockDim.x, rows per warp}, rows on the
 * emulator when fewer}, how the rows are drawn. */
/* clang-format off */
static const struct softmax_row case_rows[] = {
	{{LT("sample: one row 0, 0.25, ..., 7.75", "样例：一行 0, 0.25, ..., 7.75"), {1, 32, 32, 1}}, SPREAD_RAMP, 1.0f / 4},
	{{LT("len 1", "行长 1"), {50, 1, 64, 1}}, SPREAD_SMALL},
	{{LT("len 31, block 32", "行长 31，block 32"), {40, 31, 32, 1}}, SPREAD_SMALL},
	{{LT("len 33, block 96", "行长 33，block 96"), {50, 33, 96, 1}}, SPREAD_SMALL},
	{{LT("len 300, 3 rows per warp", "行长 300，每个 warp 3 行"), {100, 300, 64, 3}}, SPREAD_SMALL},
	{{LT("len 1000, block 1024", "行长 1000，block 1024"), {70, 1000, 1024, 1}}, SPREAD_SMALL},
	{{LT("len 1024", "行长 1024"), {64, 1024, 128, 1}}, SPREAD_SMALL},
	{{LT("len 4099 (long rows)", "行长 4099（长行）"), {9, 4099, 96, 1}}, SPREAD_SMALL},
	{{LT("inputs up to +-100 (exp overflows)", "输入可达 +-100（exp 上溢）"), {60, 250, 128, 1}}, SPREAD_LARGE},
	{{LT("all in [-120, -100) (exp underflows)", "都在 [-120, -100)（exp 下溢）"), {60, 130, 128, 2}}, SPREAD_NEGATIVE},
	{{LT("ties: constant and two-valued rows", "并列：常数行与只有两种值的行"), {40, 70, 64, 1}}, SPREAD_TIES},
	{{LT("one dominant element per row", "每行有一个极大的元素"), {40, 500, 256, 1}}, SPREAD_DOMINANT},
	{{LT("random, many rows", "随机，很多行"), {4000, 97, 256, 1}, 200}, SPREAD_SMALL},
	{{LT("timed", "计时"), {PERF_N, 1024, 256, 1}}, SPREAD_SMALL},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), softmax_case};

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	int64_t row;
	const char *overflow = softmax_first_look(c, f, &row);
	if (overflow || row < 0)
		return overflow;
	int64_t len = c->param[CJ_P_LEN];
	if (len > 32 && softmax_unwritten_from(c, row, 32))
		return L("only the first 32 elements of the row were written: each lane must loop "
		         "over the row in steps of 32 (j = lane, lane + 32, ...), in the sums too",
		         "每行只写了前 32 个元素：每个 lane 都要以 32 为步长循环遍历整行（j = "
		         "lane, lane + 32, ...），求和时也一样");
	if (softmax_one_factor_off(c, row))
		return L("each element is off by the same factor within a row: the normalising sum "
		         "is wrong. Every lane must divide by the sum of expf(x - max) over the "
		         "whole row (all lanes' parts, reduced across the warp)",
		         "同一行里每个元素都差了同一个倍数：用来归一化的总和不对。每个 lane "
		         "都要除以整行 expf(x - max) 之和（所有 lane 的部分和，在 warp 内归约）");
	return NULL;
}

TABLE_PROBLEM(warp_softmax, softmax_locate_by_warp, diagnose);
