/* warp_scan: cases, golden model and diagnoses (device side: glue.cuh). */
#include <stdio.h>
#include <string.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/warp_run_cases.h"
#include "../common/warp_runs.h"
#include "layout.h"

/* Inclusive scan of each aligned run of 32 elements of [lo, hi) of case c
 * (ctx), `passes` times, with the wrap-around of 32-bit integers (a GPU's
 * int addition). Lanes past n hold 0. Chunks of parallel_chunks: lo is a
 * multiple of 32, hi too or n. */
static void golden_scan(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const int32_t *in = c->buf[CJ_B_IN].data;
	int32_t *out = c->buf[CJ_B_OUT].expect;
	int passes = (int)c->param[CJ_P_PASSES];
	for (int64_t w = lo; w < hi; w += 32) {
		uint32_t lane[32] = {0};
		for (int k = 0; k < 32 && w + k < hi; ++k)
			lane[k] = (uint32_t)in[w + k];
		for (int p = 0; p < passes; ++p)
			for (int k = 1; k < 32; ++k)
				lane[k] += lane[k - 1];
		for (int k = 0; k < 32 && w + k < hi; ++k)
			out[w + k] = (int32_t)lane[k];
	}
}

/* Adds the buffers of a case of common/warp_run_cases.h: {name, {n,
 * blockDim.x, calls of the scan in a row, runs of 32 per warp}, n on the
 * emulator when fewer}, and the inputs' range. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	struct warp_run_range r = ((const struct warp_run_row *)row)->range[WARP_RUN_SCAN];
	int64_t n = c->param[CJ_P_N];
	struct in_out io = in_out_buffers(set, c, CJ_I32, "in", "out", n);
	draw_ints(c, rng, io.in, n, r.lo, r.hi);
	parallel_chunks(n, CASE_CHUNK, golden_scan, c);
}

static const struct case_table table = {TABLE(warp_run_rows), add_buffers,
                                        .has = warp_run_scan_has};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	where_in_runs(index, c->param[CJ_P_CHUNKS], c->param[CJ_P_BLOCK], w); /* see glue.cuh */
}

/* True when pattern(k, lanes) holds for every output of every complete warp. */
static bool every_warp(const struct jcase *c, int32_t (*pattern)(const int32_t *v, int k))
{
	const int32_t *in = c->buf[CJ_B_IN].data, *out = c->buf[CJ_B_OUT].data;
	int64_t n = c->param[CJ_P_N];
	if (n < 32)
		return false;
	for (int64_t w = 0; w + 32 <= n; w += 32)
		for (int k = 0; k < 32; ++k)
			if (out[w + k] != pattern(in + w, k))
				return false;
	return true;
}

static int32_t exclusive(const int32_t *v, int k)
{
	uint32_t s = 0;
	for (int j = 0; j < k; ++j)
		s += (uint32_t)v[j];
	return (int32_t)s;
}

static int32_t total(const int32_t *v, int k)
{
	(void)k;
	return exclusive(v, 32);
}

static int32_t suffix(const int32_t *v, int k)
{
	uint32_t s = 0;
	for (int j = k; j < 32; ++j)
		s += (uint32_t)v[j];
	return (int32_t)s;
}

static int32_t unchanged(const int32_t *v, int k)
{
	return v[k];
}

/* Lane k after the shuffle steps d = 1, 2, 4, 8, 16 of a scan in which each
 * lane j adds what(x, j, d) to its value x[j]. */
static int32_t after_steps(const int32_t *v, int k,
                           uint32_t (*what)(const uint32_t *x, int j, int d))
{
	uint32_t x[32];
	for (int j = 0; j < 32; ++j)
		x[j] = (uint32_t)v[j];
	for (int d = 1; d < 32; d *= 2) {
		uint32_t y[32];
		for (int j = 0; j < 32; ++j)
			y[j] = x[j] + what(x, j, d);
		memcpy(x, y, sizeof x);
	}
	return (int32_t)x[k];
}

/* Without the `lane >= offset` test: __shfl_up_sync hands lane j < d its own
 * value, which it adds again. */
static uint32_t up_unguarded(const uint32_t *x, int j, int d)
{
	return j >= d ? x[j - d] : x[j];
}

static int32_t unguarded(const int32_t *v, int k)
{
	return after_steps(v, k, up_unguarded);
}

/* __shfl_down_sync in place of __shfl_up_sync, guard kept: lane j >= d adds
 * lane j + d's value (its own when j + d is past the warp). */
static uint32_t down_guarded_step(const uint32_t *x, int j, int d)
{
	return j >= d ? x[j + d < 32 ? j + d : j] : 0;
}

static int32_t down_guarded(const int32_t *v, int k)
{
	return after_steps(v, k, down_guarded_step);
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (c->param[CJ_P_PASSES] != 1 || f->bad_buf != CJ_B_OUT)
		return NULL;
	if (every_warp(c, unchanged))
		return L("every lane returned its own input: the scan was never computed",
		         "每个 lane 都返回了自己的输入：根本没有计算前缀和");
	if (every_warp(c, exclusive))
		return L("each lane holds the sum of the lanes before it: that is an exclusive "
		         "scan; an inclusive scan also adds the lane's own value",
		         "每个 lane 得到的是它之前各 lane 的和：这是排他式前缀和（exclusive "
		         "scan）；包含式前缀和还要加上 lane 自己的值");
	if (every_warp(c, total))
		return L("every lane holds the whole warp's sum: that is a reduction (all-reduce), "
		         "not a scan",
		         "每个 lane 得到的都是整个 warp 的和：这是归约（all-reduce），不是前缀和");
	if (every_warp(c, suffix))
		return L("lane k holds the sum of lanes k..31: values flowed from higher lanes "
		         "(__shfl_down_sync); a prefix sum pulls from lower lanes with "
		         "__shfl_up_sync",
		         "lane k 得到的是 lane k..31 的和：数据是从高编号 lane "
		         "流过来的（__shfl_down_sync）；前缀和要用 __shfl_up_sync 从低编号 lane "
		         "取值");
	if (every_warp(c, down_guarded))
		return L(
		        "only lane 0 is right: the shuffle was __shfl_down_sync, which hands lane "
		        "k "
		        "the value of lane k + d (from above); an inclusive scan adds lane k - d's "
		        "value, which __shfl_up_sync brings",
		        "只有 lane 0 是对的：用的 shuffle 是 __shfl_down_sync，它把 lane k + d "
		        "（更高编号）的值交给 lane k；包含式前缀和要加的是 lane k - d 的值，要用 "
		        "__shfl_up_sync 取得");
	if (every_warp(c, unguarded))
		return L("lanes below the shuffle offset added their own value again: "
		         "__shfl_up_sync returns the caller's own value when lane < offset, so add "
		         "only when lane >= offset",
		         "编号小于 shuffle 偏移量的 lane 又加了一次自己的值：lane < offset 时 "
		         "__shfl_up_sync 返回调用者自己的值，所以只在 lane >= offset 时相加");
	return NULL;
}

TABLE_PROBLEM(warp_scan, locate, diagnose);
