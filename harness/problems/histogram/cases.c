/* histogram: cases, golden model and diagnoses (device side: glue.cuh). */
#include <stdio.h>
#include <stdlib.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../../engine/util.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "layout.h"

/* How a case draws its values. */
enum spread {
	CYCLE,       /* i % nbins: the sample */
	UNIFORM,     /* uniform over the bins */
	ONE_VALUE,   /* every value in one bin: the worst contention */
	SKEWED,      /* nine in ten in one bin, the rest uniform */
	OUT_OF_RANGE /* mostly outside [0, nbins), within 16 KiB of either end */
};

/* Bins start with these counts (the function adds to them). */
enum start { ZERO, RANDOM };

static int32_t draw(struct rng *rng, enum spread s, int64_t i, int nbins, int32_t hot)
{
	switch (s) {
	case CYCLE:
		return (int32_t)(i % nbins);
	case ONE_VALUE:
		return hot;
	case SKEWED:
		return rng_range(rng, 0, 9) ? hot : (int32_t)rng_range(rng, 0, nbins - 1);
	case OUT_OF_RANGE:
		/* The guard zones around bins are 64 KiB: every index drawn here,
		 * counted without the range check, lands inside one of them. */
		return (int32_t)rng_range(rng, -3000, nbins + 2999);
	default:
		return (int32_t)rng_range(rng, 0, nbins - 1);
	}
}

/* A case: {name, {n, blockDim.x, gridDim.x (0: as many blocks as are
 * resident), bins}, n on the emulator when fewer}, how the values are drawn
 * and what the bins start with. */
struct histogram_row {
	struct case_row head;
	enum spread spread;
	enum start start;
};

struct draw {
	const struct histogram_row *row;
	int32_t *v;
	int nbins;
	int32_t hot;
	uint32_t *counts; /* nbins by chunk of CASE_CHUNK values (one chunk when drawn at once) */
};

/* The values [lo, hi), counted into their chunk's bins. */
static void fill_values(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct draw *d = ctx;
	uint32_t *counts = d->counts + lo / CASE_CHUNK * d->nbins;
	for (int64_t i = lo; i < hi; ++i) {
		d->v[i] = draw(rng, d->row->spread, i, d->nbins, d->hot);
		if (d->v[i] >= 0 && d->v[i] < d->nbins)
			counts[d->v[i]]++;
	}
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct histogram_row *r = row;
	int64_t n = c->param[CJ_P_N];
	int nbins = (int)c->param[CJ_P_NBINS];
	struct jbuf *data = case_buf(set, c, "data", CJ_I32, CJ_IN, (uint64_t)n);
	struct jbuf *bins = case_buf(set, c, "bins", CJ_U32, CJ_INOUT, (uint64_t)nbins);
	uint32_t *start_counts = bins->data, *want = bins->expect;
	int32_t hot = (int32_t)rng_range(rng, 0, nbins - 1);
	for (int b = 0; b < nbins; ++b)
		start_counts[b] = want[b] =
		        r->start == ZERO ? 0 : (uint32_t)rng_range(rng, 0, 1000000);
	/* Drawn at once, the values are counted straight into want; drawn in
	 * chunks, into each chunk's own bins, added to want in order. */
	struct draw d = {r, data->data, nbins, hot, want};
	int64_t chunks = (n + CASE_CHUNK - 1) / CASE_CHUNK;
	if (c->parallel)
		d.counts = xcalloc((size_t)(chunks * nbins), sizeof *d.counts);
	fill_case(c, rng, n, CASE_CHUNK, fill_values, &d);
	if (!c->parallel)
		return;
	for (int64_t k = 0; k < chunks; ++k) /* the counts wrap as on the GPU */
		for (int b = 0; b < nbins; ++b)
			want[b] += d.counts[k * nbins + b];
	free(d.counts);
}

/* clang-format off */
static const struct histogram_row case_rows[] = {
	{{LT("sample: 1000 values, 8 bins", "样例：1000 个值，8 个桶"), {1000, 32, 4, 8}}, CYCLE, ZERO},
	{{LT("one value everywhere, block 256", "所有值相同，block 256"), {1000000, 256, 64, 4}, 100000}, ONE_VALUE, RANDOM},
	{{LT("2 bins, block 128", "2 个桶，block 128"), {1000003, 128, 40, 2}, 100003}, UNIFORM, RANDOM},
	{{LT("4096 bins, block 96", "4096 个桶，block 96"), {300001, 96, 50, 4096}}, UNIFORM, RANDOM},
	{{LT("1000 bins, block 1024", "1000 个桶，block 1024"), {2000017, 1024, 16, 1000}, 200017}, UNIFORM, RANDOM},
	{{LT("one bin", "只有一个桶"), {5000, 64, 3, 1}}, UNIFORM, RANDOM},
	{{LT("more threads than values", "线程数多于值的个数"), {100, 128, 8, 16}}, UNIFORM, RANDOM},
	{{LT("n=1", "只有 1 个元素"), {1, 32, 1, 5}}, UNIFORM, ZERO},
	{{LT("one block of 32 threads", "只有一个 32 线程的 block"), {100000, 32, 1, 64}}, SKEWED, ZERO},
	{{LT("nine in ten in one bin, full grid", "九成落在一个桶，满 grid"), {1000000, 256, 0, 256}, GPU_ONLY}, SKEWED, RANDOM},
	{{LT("nine in ten in one bin, full grid", "九成落在一个桶，满 grid"), {EMU_ONLY, 256, 16, 256}, 100000}, SKEWED, RANDOM},
	{{LT("values outside [0, nbins) are ignored", "忽略 [0, nbins) 之外的值"), {200000, 256, 30, 300}}, OUT_OF_RANGE, RANDOM},
	{{LT("timed", "计时"), {PERF_N, 256, 0, 256}}, UNIFORM, ZERO},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	(void)index;
	w->block = -1; /* every block may have counted into every bin */
	w->thread = -1;
}

/* Counts of the values at positions [from, to) that fall in a bin. */
static uint32_t *count_range(const struct jcase *c, int64_t from, int64_t to)
{
	int nbins = (int)c->param[CJ_P_NBINS];
	const int32_t *v = c->buf[CJ_B_DATA].data;
	uint32_t *counts = calloc((size_t)nbins, sizeof *counts);
	for (int64_t i = from; counts && i < to && i < c->param[CJ_P_N]; ++i)
		if (v[i] >= 0 && v[i] < nbins)
			counts[v[i]]++;
	return counts;
}

/* True when every bin holds exactly what one block counted (with the usual
 * grid-stride split of the data), as when each block stores its counts. */
static bool block_stored(const struct jcase *c)
{
	int nbins = (int)c->param[CJ_P_NBINS];
	int64_t block = c->param[CJ_P_BLOCK], grid = c->param[CJ_P_GRID], n = c->param[CJ_P_N];
	const int32_t *v = c->buf[CJ_B_DATA].data;
	const uint32_t *got = c->buf[CJ_B_BINS].data, *want = c->buf[CJ_B_BINS].expect;
	uint32_t *per_block = calloc((size_t)(grid * nbins), sizeof *per_block);
	if (!per_block)
		return false;
	for (int64_t i = 0; i < n; ++i)
		if (v[i] >= 0 && v[i] < nbins)
			per_block[(i % (grid * block)) / block * nbins + v[i]]++;
	bool all = true, some_short = false;
	for (int b = 0; b < nbins && all; ++b) {
		bool one = false;
		for (int64_t k = 0; k < grid && !one; ++k)
			one = got[b] == per_block[k * nbins + b];
		all = one;
		some_short |= got[b] != want[b];
	}
	free(per_block);
	return all && some_short;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_BINS)
		return NULL;
	int nbins = (int)c->param[CJ_P_NBINS];
	int64_t block = c->param[CJ_P_BLOCK], grid = c->param[CJ_P_GRID], n = c->param[CJ_P_N];
	const uint32_t *got = c->buf[CJ_B_BINS].data, *want = c->buf[CJ_B_BINS].expect;
	const uint32_t *start = c->buf[CJ_B_BINS].initial;
	/* added[b] = got[b] - start[b], counts[b] = want[b] - start[b] (mod 2^32) */
	bool start_dropped = true, any_start = false, low_bins_only = nbins > block;
	bool fewer = true, more = true, edges_only = nbins > 2;
	uint64_t added = 0, counted = 0;
	for (int b = 0; b < nbins; ++b) {
		uint32_t a = got[b] - start[b], k = want[b] - start[b];
		added += a;
		counted += k;
		any_start |= start[b] != 0;
		start_dropped &= got[b] == k;
		low_bins_only &= b < block ? got[b] == want[b] : got[b] == start[b];
		fewer &= a <= k;
		more &= a >= k;
		if (b != 0 && b != nbins - 1)
			edges_only &= got[b] == want[b];
	}
	if (any_start && start_dropped)
		return L("the bins lost the counts they started with: add to bins[] with "
		         "atomicAdd; do not store into it",
		         "桶里原有的计数丢了：用 atomicAdd 累加到 bins[]，不要直接写入");
	if (low_bins_only)
		return L("only the first blockDim.x bins received counts: when there are more bins "
		         "than threads, each thread must handle several bins (a loop with stride "
		         "blockDim.x), both when zeroing and when merging",
		         "只有前 blockDim.x 个桶有计数：桶比线程多时，每个线程要负责多个桶（以 "
		         "blockDim.x 为步长的循环），清零和合并时都一样");
	if (edges_only && more)
		return L("only the first and the last bin are wrong, and too high: values outside "
		         "[0, nbins) must be ignored, not clamped into the edge bins",
		         "只有第一个和最后一个桶出错，而且偏大：超出 [0, nbins) "
		         "的值必须忽略，不能截断后计入两端的桶");
	if (fewer && added < counted && grid > 0 && grid * block < n) {
		uint32_t *prefix = count_range(c, 0, grid * block);
		bool first_pass = prefix != NULL;
		for (int b = 0; first_pass && b < nbins; ++b)
			first_pass = got[b] - start[b] == prefix[b];
		free(prefix);
		if (first_pass)
			return L("only the first gridDim.x * blockDim.x values were counted: the "
			         "grid has fewer threads than there are values, so loop over the "
			         "data with a grid stride",
			         "只统计了前 gridDim.x * blockDim.x 个值：grid "
			         "的线程数少于值的个数，所以要用 grid-stride 循环遍历数据");
	}
	if (grid > 1 && block_stored(c))
		return L("each bin holds the count of a single block: the blocks stored their "
		         "counts into bins[] one over another; add them with atomicAdd instead",
		         "每个桶里只有一个 block 的计数：各个 block 把计数写入 "
		         "bins[]，互相覆盖了；应该用 atomicAdd 累加");
	if (fewer && added < counted)
		return L("counts were lost: threads that add to the same bin at the same time must "
		         "use atomicAdd, in shared memory as in global memory",
		         "丢失了计数：同时给同一个桶加数的线程必须用 "
		         "atomicAdd，共享内存和全局内存都一样");
	if (more && added > counted)
		return L("more counts than values: is the shared-memory histogram set to zero "
		         "(every bin, before a __syncthreads()) before counting, and merged into "
		         "bins[] only once per block?",
		         "计数比值还多：共享内存里的直方图在计数之前清零了吗（每个桶都要清零，并在"
		         "之后 __syncthreads()）？每个 block 是否只往 bins[] 合并了一次？");
	return NULL;
}

TABLE_PROBLEM(histogram, locate, diagnose);
