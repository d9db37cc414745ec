/* memcpy_async: cases, golden model (each tile reversed) and diagnoses
 * (device side: glue.cuh). */
#include <math.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

/* Adds the buffers of a case {name, {n, blockDim.x, floats per tile,
 * gridDim.x}}: each tile of the output is its tile of the input reversed. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t n = c->param[CJ_P_N], tile = c->param[CJ_P_TILE];
	struct in_out io = in_out_buffers(set, c, CJ_F32, "in", "out", n);
	float *x = io.in, *want = io.want;
	for (int64_t i = 0; i < n; ++i)
		x[i] = (float)rng_uniform(rng, -1000, 1000);
	for (int64_t base = 0; base < n; base += tile) {
		int64_t count = n - base < tile ? n - base : tile;
		for (int64_t k = 0; k < count; ++k)
			want[base + k] = x[base + count - 1 - k];
	}
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: one tile of 8", "样例：一个 8 元素的 tile"), {8, 32, 8, 1}},
	{LT("tiles of 128, one per block", "128 元素的 tile，每 block 一个"), {128 * 6, 32, 128, 6}},
	{LT("tiles of 256, 5 per block", "256 元素的 tile，每 block 5 个"), {256 * 10, 64, 256, 2}},
	{LT("short last tile", "最后一个 tile 较短"), {1024 * 3 + 77, 128, 1024, 2}},
	{LT("tile larger than the block", "tile 比 block 大"), {4096 * 2, 256, 4096, 1}},
	{LT("fewer elements than one tile", "元素比一个 tile 还少"), {13, 64, 512, 3}},
	{LT("16M elements", "16M 个元素"), {1 << 24, 256, 2048, 1024}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 256, 2048, 1056}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t tile = c->param[CJ_P_TILE], blocks = c->param[CJ_P_BLOCKS];
	int64_t base = (int64_t)index / tile * tile, count = c->param[CJ_P_N] - base;
	if (count > tile)
		count = tile;
	w->block = (int64_t)index / tile % blocks;
	w->thread = ((int64_t)index - base) % c->param[CJ_P_BLOCK];
	(void)count;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	const float *got = c->buf[CJ_B_OUT].data;
	int64_t tile = c->param[CJ_P_TILE], n = c->param[CJ_P_N];
	bool nan = false, tail_only = true;
	for (int i = 0; i < f->report.nshown; ++i) {
		int64_t k = (int64_t)f->report.shown[i].index;
		int64_t base = k / tile * tile, count = n - base < tile ? n - base : tile;
		nan |= isnan(got[k]);
		/* output k reads tile slot count - 1 - (k - base): past a quarter? */
		tail_only &= count - 1 - (k - base) >= count / 4;
	}
	if (nan && tail_only)
		return L("only the first quarter of each tile arrived: memcpy_async takes a size "
		         "in bytes, count * sizeof(float)",
		         "每个 tile 只到了前四分之一：memcpy_async 的大小以字节计，应为 count * "
		         "sizeof(float)");
	if (nan)
		return L("some outputs come from shared memory that nothing wrote: wait on the "
		         "barrier before reading the tile",
		         "有些输出来自没人写过的 shared memory：读 tile 之前要先在 barrier 上等待");
	return NULL;
}

TABLE_PROBLEM(memcpy_async, locate, diagnose);
