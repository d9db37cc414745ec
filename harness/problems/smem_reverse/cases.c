/* smem_reverse: cases, golden model and diagnoses (device side:
 * glue.cuh). out[n - 1 - i] = in[i]; lengths that are not a multiple
 * of the block size leave a partial tile in the last block. */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

struct reverse {
	bool counting;
	int32_t *in, *want;
	int64_t n;
};

/* in[lo, hi) and where each goes in the golden out. */
static void fill_reverse(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct reverse *d = ctx;
	for (int64_t i = lo; i < hi; ++i) {
		d->in[i] = d->counting ? (int32_t)i : (int32_t)rng_range(rng, -1000000, 1000000);
		d->want[d->n - 1 - i] = d->in[i];
	}
}

/* Adds the buffers of a case {name, {n, blockDim.x}}, whose input counts
 * 0, 1, 2, ... when the row says so (struct counting_row). */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct counting_row *r = row;
	int64_t n = c->param[CJ_P_N];
	struct in_out io = in_out_buffers(set, c, CJ_I32, "in", "out", n);
	struct reverse d = {r->counting, io.in, io.want, n};
	fill_case(c, rng, n, CASE_CHUNK, fill_reverse, &d);
}

/* clang-format off */
static const struct counting_row case_rows[] = {
	{{LT("sample: 0..63, block 32", "样例：0..63，block 32"), {64, 32}}, true},
	{{LT("one partial block", "一个不满的 block"), {20, 32}}, true},
	{{LT("block 256, partial last tile", "block 256，最后一个 tile 不满"), {256 * 40 + 77, 256}}},
	{{LT("block 96", "block 大小 96"), {96 * 31 + 95, 96}}},
	{{LT("block 1024", "block 大小 1024"), {1024 * 30 + 1, 1024}}},
	{{LT("n=1", "只有 1 个元素"), {1, 64}}},
	{{LT("16 million, block 512", "1600 万个元素，block 512"), {16 << 20, 512}, GPU_ONLY}},
	{{LT("timed", "计时"), {PERF_N, 256}}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

/* The first element of the tile that holds element i, and its length in
 * *len: blockDim.x, or less in the last tile when n is not a multiple. */
static int64_t tile_of(const struct jcase *c, int64_t i, int64_t *len)
{
	int64_t n = c->param[CJ_P_N], block = c->param[CJ_P_BLOCK], base = i / block * block;
	*len = n - base < block ? n - base : block;
	return base;
}

/* The reference's layout: element k of out is written by the block whose
 * tile holds in[n - 1 - k]. */
static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t n = c->param[CJ_P_N], len;
	int64_t src = buf == CJ_B_OUT ? n - 1 - (int64_t)index : (int64_t)index;
	int64_t base = tile_of(c, src, &len);
	w->block = base / c->param[CJ_P_BLOCK];
	w->thread = buf == CJ_B_OUT ? len - 1 - (src - base) : src - base;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	const int32_t *in = c->buf[CJ_B_IN].data, *got = c->buf[CJ_B_OUT].data;
	int64_t k = (int64_t)f->report.shown[0].index, len;
	int64_t base = tile_of(c, k, &len);
	if (got[k] == in[base + len - 1 - (k - base)])
		return L("each block reversed its own tile in place, but the tiles themselves must "
		         "swap ends too: block b's tile belongs at the mirrored end of out",
		         "每个 block 都在原位反转了自己的 tile，但 tile 本身也要首尾对调：block b "
		         "的 tile 应放在 out 中镜像对称的另一端");
	int64_t n = c->param[CJ_P_N], block = c->param[CJ_P_BLOCK];
	if (k >= n - (n % block) || k < n % block)
		return L("only the partial tile is wrong: when n is not a multiple of blockDim.x "
		         "the last block holds fewer than blockDim.x elements, and both the read "
		         "and the mirrored write must use that shorter length",
		         "只有不满的那个 tile 出错：n 不是 blockDim.x 的整数倍时，最后一个 block "
		         "的元素少于 blockDim.x 个，读取和镜像写入都必须用这个较短的长度");
	return NULL;
}

TABLE_PROBLEM(smem_reverse, locate, diagnose);
