/* transpose: cases, golden model and diagnoses (device side: glue.cuh).
 * Shapes include non-square ones, sides that are multiples of 32 but not of 64
 * (the tile's side), sides that are multiples of neither, and sides of 1. */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

struct matrix {
	bool counting;
	float *in;
};

static void fill_in(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct matrix *d = ctx;
	for (int64_t i = lo; i < hi; ++i)
		d->in[i] = d->counting ? (float)i : (float)rng_uniform(rng, -1000, 1000);
}

/* Rows [lo, hi) of the golden out of case c (ctx), in's columns lo to hi,
 * 64 of in's rows at a time: a tile's reads and writes stay in the cache,
 * and each chunk writes rows of out of its own (their pages are first
 * touched by one thread, not by every thread a few bytes each). */
static void golden_rows(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const float *in = c->buf[CJ_B_IN].data;
	float *want = c->buf[CJ_B_OUT].expect;
	int64_t rows = c->param[CJ_P_ROWS], cols = c->param[CJ_P_COLS];
	for (int64_t y0 = 0; y0 < rows; y0 += 64)
		for (int64_t k = lo; k < hi; ++k)
			for (int64_t y = y0; y < y0 + 64 && y < rows; ++y)
				want[k * rows + y] = in[y * cols + k];
}

/* Adds the buffers of a case {name, {rows * cols, 512, rows, cols}} (the
 * timed one: 8192 rows of as many columns as perf.n allows), whose input
 * counts 0, 1, 2, ... when the row says so (struct counting_row). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct counting_row *r = row;
	int64_t rows = c->param[CJ_P_ROWS];
	if (c->timed) {
		c->param[CJ_P_COLS] = c->param[CJ_P_N] / rows > 0 ? c->param[CJ_P_N] / rows : 1;
		c->param[CJ_P_N] = rows * c->param[CJ_P_COLS];
	}
	int64_t n = c->param[CJ_P_N];
	struct matrix d = {r->counting, in_out_buffers(set, c, CJ_F32, "in", "out", n).in};
	fill_case(c, rng, n, CASE_CHUNK, fill_in, &d);
	parallel_chunks(c->param[CJ_P_COLS], 64, golden_rows, c);
}

/* Partial tiles first on a shape at least a tile tall (129 x 257): a store
 * without bounds goes past the end of out here (RE); on a shape with fewer
 * than 64 rows it also lands on elements its own block writes (RACE). */
/* clang-format off */
static const struct counting_row case_rows[] = {
	{{LT("sample: 64 x 64 counting", "样例：64 x 64，依次计数"), {64 * 64, 512, 64, 64}}, true},
	{{LT("64 x 128", "64 x 128 矩阵"), {64 * 128, 512, 64, 128}}},
	{{LT("128 x 64", "128 x 64 矩阵"), {128 * 64, 512, 128, 64}}},
	{{LT("129 x 257", "129 x 257 矩阵"), {129 * 257, 512, 129, 257}}},
	{{LT("32 x 96 (multiples of 32, not of 64)", "32 x 96（32 的倍数，不是 64 的倍数）"), {32 * 96, 512, 32, 96}}, true},
	{{LT("37 x 70 (not multiples of 32)", "37 x 70（不是 32 的倍数）"), {37 * 70, 512, 37, 70}}, true},
	{{LT("1 x 1000", "1 x 1000 矩阵"), {1 * 1000, 512, 1, 1000}}},
	{{LT("1000 x 1", "1000 x 1 矩阵"), {1000 * 1, 512, 1000, 1}}},
	{{LT("1 x 1", "1 x 1 矩阵"), {1 * 1, 512, 1, 1}}},
	{{LT("3001 x 2050", "3001 x 2050 矩阵"), {3001 * 2050, 512, 3001, 2050}, GPU_ONLY}},
	{{LT("timed", "计时"), {PERF_N, 512, 8192}}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

/* The tiled layout: out[k][r] comes from tile (k / 64, r / 64) of in, written
 * by thread (x = r % 64, y = k % 8) of that block. */
static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t rows = c->param[CJ_P_ROWS], cols = c->param[CJ_P_COLS];
	int64_t r, k;
	if (buf == CJ_B_OUT) {
		k = (int64_t)index / rows;
		r = (int64_t)index % rows;
	} else {
		r = (int64_t)index / cols;
		k = (int64_t)index % cols;
	}
	int64_t grid_x = (cols + 63) / 64;
	w->block = (r / 64) * grid_x + k / 64;
	w->thread = (k % 8) * 64 + r % 64;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	const float *in = c->buf[CJ_B_IN].data, *got = c->buf[CJ_B_OUT].data;
	int64_t rows = c->param[CJ_P_ROWS], cols = c->param[CJ_P_COLS];
	uint64_t k = f->report.shown[0].index;
	if (got[k] == in[k] && rows != 1 && cols != 1)
		return L("out holds in unchanged at the reported places: was the tile read back in "
		         "the order it was stored (tile[y][x] instead of tile[x][y])?",
		         "在报告的位置上，out 里是原样未转置的 in：tile "
		         "是不是按存入时的顺序读回的（用了 tile[y][x] 而不是 tile[x][y]）？");
	if (rows != cols && f->report.bad < f->report.total)
		return L("wrong only for some elements of a non-square matrix: check which of rows "
		         "and cols each index and each bound uses (out has cols rows of rows "
		         "elements)",
		         "只在非方阵的部分元素上出错：检查每个下标和每个边界用的是 rows 还是 "
		         "cols（out 有 cols 行，每行 rows 个元素）");
	return NULL;
}

TABLE_PROBLEM(transpose, locate, diagnose);
