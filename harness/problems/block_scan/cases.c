/* block_scan: cases, golden model and diagnoses (device side: glue.cuh). */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

static int64_t tile_of(const struct jcase *c)
{
	return c->param[CJ_P_BLOCK] * c->param[CJ_P_ITEMS];
}

static int64_t segment_of(const struct jcase *c)
{
	return tile_of(c) * c->param[CJ_P_TILES];
}

/* The scan of the segments of blocks [lo, hi) of case c (ctx), wrapping
 * like int on the GPU, and the total of every tile. */
static void golden(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const int32_t *in = c->buf[CJ_B_IN].data;
	int32_t *out = c->buf[CJ_B_OUT].expect, *totals = c->buf[CJ_B_TOTALS].expect;
	int64_t n = c->param[CJ_P_N], tile = tile_of(c), seg = segment_of(c);
	uint32_t run = 0, tile_sum = 0;
	for (int64_t i = lo * seg; i < hi * seg; ++i) {
		if (i % seg == 0)
			run = 0;
		if (i % tile == 0)
			tile_sum = 0;
		uint32_t v = i < n ? (uint32_t)in[i] : 0;
		run += v;
		tile_sum += v;
		if (i < n)
			out[i] = (int32_t)run;
		if (i % tile == tile - 1)
			totals[i / tile] = (int32_t)tile_sum;
	}
}

/* Adds the buffers of a case {name, {n, blockDim.x, items per thread, tiles
 * per block}, n on the emulator when fewer}, and the inputs' range (lo ==
 * hi: 1, 2, ..., n). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct range_row *r = row;
	int64_t n = c->param[CJ_P_N], seg = segment_of(c), blocks = (n + seg - 1) / seg;
	int32_t *in = case_buf(set, c, "in", CJ_I32, CJ_IN, (uint64_t)n)->data;
	case_buf(set, c, "out", CJ_I32, CJ_OUT, (uint64_t)n);
	case_buf(set, c, "totals", CJ_I32, CJ_OUT, (uint64_t)(blocks * c->param[CJ_P_TILES]));
	draw_ints(c, rng, in, n, r->lo, r->hi);
	parallel_chunks(blocks, units_per_chunk(seg), golden, c);
}

/* clang-format off */
static const struct range_row case_rows[] = {
	{{LT("sample: 1..64, block 64", "样例：1..64，block 64"), {64, 64, 1, 1}}, 0, 0},
	{{LT("block 32, 3 tiles per block", "block 32，每 block 3 个 tile"), {32 * 3 * 5 + 7, 32, 1, 3}}, -1000, 1000},
	{{LT("block 64 (2 warps)", "block 64（2 个 warp）"), {64 * 20 + 5, 64, 1, 1}}, -1000, 1000},
	{{LT("block 96 (3 warps), 4 items, 2 tiles", "block 96（3 个 warp），4 元素，2 tile"), {96 * 4 * 2 * 10 + 50, 96, 4, 2}}, -1000, 1000},
	{{LT("block 128, 4 items", "block 128，每线程 4 个元素"), {128 * 4 * 25 + 3, 128, 4, 1}}, -100000, 100000},
	{{LT("block 160 (5 warps), all negative", "block 160（5 个 warp），全为负"), {160 * 2 * 2 * 7 + 99, 160, 2, 2}}, -1000, -1},
	{{LT("block 992 (31 warps), 2 tiles", "block 992（31 个 warp），2 个 tile"), {992 * 2 * 6 + 1, 992, 1, 2}}, -1000, 1000},
	{{LT("block 1024, 4 items, 3 tiles", "block 1024，每线程 4 个，3 个 tile"), {1024 * 4 * 3 * 2 + 1000, 1024, 4, 3}}, -1000, 1000},
	{{LT("n=1, block 256", "只有 1 个元素，block 256"), {1, 256, 1, 1}}, 1, 1000},
	{{LT("large magnitudes (sums wrap), block 512", "大数值（和会回绕），block 512"), {512 * 2 * 9 + 17, 512, 1, 2}}, -(1 << 30), 1 << 30},
	{{LT("random, block 256, 4 items, 8 tiles", "随机，block 256，4 个元素，8 个 tile"), {200003, 256, 4, 8}, 20003}, -100000, 100000},
	{{LT("timed", "计时"), {PERF_N, 256, 4, 8}}, -100000, 100000},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t block = c->param[CJ_P_BLOCK], tiles = c->param[CJ_P_TILES];
	if (buf == CJ_B_TOTALS) { /* see glue.cuh */
		int64_t b = (int64_t)index / tiles, k = (int64_t)index % tiles;
		w->block = b;
		w->thread = (7 * b + 13 * k) % block;
		return;
	}
	int64_t seg = segment_of(c), tile = tile_of(c);
	w->block = (int64_t)index / seg;
	w->thread = ((int64_t)index % seg % tile) / c->param[CJ_P_ITEMS];
}

/* The thread's sum of its items in the tile holding element i. */
static uint32_t thread_sum(const struct jcase *c, int64_t i)
{
	const int32_t *in = c->buf[CJ_B_IN].data;
	int64_t items = c->param[CJ_P_ITEMS], first = i - (i % tile_of(c)) % items;
	uint32_t s = 0;
	for (int64_t k = first; k < first + items && k < c->param[CJ_P_N]; ++k)
		s += (uint32_t)in[k];
	return s;
}

/* True when every output is off by minus the thread's own sum: the scan
 * returned was exclusive. */
static bool exclusive_scan(const struct jcase *c)
{
	const int32_t *got = c->buf[CJ_B_OUT].data, *want = c->buf[CJ_B_OUT].expect;
	for (int64_t i = 0; i < c->param[CJ_P_N]; ++i)
		if ((uint32_t)got[i] != (uint32_t)want[i] - thread_sum(c, i))
			return false;
	return true;
}

/* True when, in the first tile of every block, warp 0's outputs are right and
 * some later warp's are wrong. */
static bool later_warps_wrong(const struct jcase *c)
{
	const int32_t *got = c->buf[CJ_B_OUT].data, *want = c->buf[CJ_B_OUT].expect;
	int64_t seg = segment_of(c), tile = tile_of(c), items = c->param[CJ_P_ITEMS];
	bool later_bad = false;
	for (int64_t i = 0; i < c->param[CJ_P_N]; ++i) {
		if (i % seg >= tile)
			continue;
		bool warp0 = (i % seg) / items < 32;
		if (warp0 && got[i] != want[i])
			return false;
		later_bad |= !warp0 && got[i] != want[i];
	}
	return later_bad;
}

/* True when every block's first tile is right and some later tile is wrong. */
static bool later_tiles_wrong(const struct jcase *c)
{
	const int32_t *got = c->buf[CJ_B_OUT].data, *want = c->buf[CJ_B_OUT].expect;
	int64_t seg = segment_of(c), tile = tile_of(c);
	bool later_bad = false;
	for (int64_t i = 0; i < c->param[CJ_P_N]; ++i) {
		if (i % seg < tile && got[i] != want[i])
			return false;
		later_bad |= i % seg >= tile && got[i] != want[i];
	}
	return later_bad;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf == CJ_B_TOTALS)
		return c->param[CJ_P_BLOCK] < 1024
		               ? L("the scan is right but *block_total is not: every thread must "
		                   "get the sum of the whole block. With fewer than 32 warps, slot "
		                   "31 and every slot past the last warp were never written by "
		                   "this block: take the total from the last warp that exists "
		                   "(blockDim.x / 32 - 1)",
		                   "前缀和正确，但 *block_total 不对：每个线程都必须得到整个 block "
		                   "的总和。warp 少于 32 个时，槽位 31 以及最后一个 warp "
		                   "之后的槽位在这个 block 里从未被写过：要从实际存在的最后一个 "
		                   "warp（blockDim.x / 32 - 1）取总和")
		               : L("the scan is right but *block_total is not: every thread must "
		                   "get the sum of the whole block",
		                   "前缀和正确，但 *block_total 不对：每个线程都必须得到整个 block "
		                   "的总和");
	if (f->bad_buf != CJ_B_OUT)
		return NULL;
	if (exclusive_scan(c))
		return L("each thread got the sum of the threads before it (an exclusive scan); an "
		         "inclusive scan also adds the thread's own v",
		         "每个线程得到的是它之前各线程的和（排他式前缀和）；包含式前缀和还要加上线"
		         "程自己的 v");
	if (c->param[CJ_P_BLOCK] > 32 && later_warps_wrong(c))
		return L("warp 0 is right but later warps are not: each warp's scan must be raised "
		         "by the totals of all the warps before it",
		         "warp 0 正确，后面的 warp 却不对：每个 warp 的前缀和都要加上它前面所有 "
		         "warp 的总和");
	if (later_tiles_wrong(c))
		return L("the first call of each block is right but later calls are wrong: "
		         "*block_total is wrong, or the shared slots are overwritten by the next "
		         "call while some warp still reads them (end with a __syncthreads())",
		         "每个 block 的第一次调用正确，后面的调用却错了：要么 *block_total "
		         "不对，要么共享槽位在还有 warp 读取时就被下一次调用覆盖了（在末尾加一个 "
		         "__syncthreads()）");
	return NULL;
}

TABLE_PROBLEM(block_scan, locate, diagnose);
