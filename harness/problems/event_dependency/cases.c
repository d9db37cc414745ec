/* event_dependency: cases and golden model (host and device side:
 * glue.cuh). produce: tmp[i] = 2 * in[i] + 1; consume: out[i] =
 * tmp[i] + tmp[n - 1 - i]. Inputs are whole numbers, so every result is exact. */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/elementwise.h"
#include "layout.h"

static void fill_in(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	float *in = ctx;
	for (int64_t i = lo; i < hi; ++i)
		in[i] = (float)rng_range(rng, -1000, 1000);
}

/* out[lo, hi) of case c (ctx). */
static void golden(void *ctx, int64_t lo, int64_t hi)
{
	struct jcase *c = ctx;
	const float *in = c->buf[CJ_B_IN].data;
	float *want = c->buf[CJ_B_OUT].expect;
	int64_t n = c->param[CJ_P_N];
	for (int64_t i = lo; i < hi; ++i)
		want[i] = (2 * in[i] + 1) + (2 * in[n - 1 - i] + 1);
}

/* Adds the buffers of a case {name, {n, 256}}. */
static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)row;
	int64_t n = c->param[CJ_P_N];
	fill_case(c, rng, n, CASE_CHUNK, fill_in,
	          in_out_buffers(set, c, CJ_F32, "in", "out", n).in);
	parallel_chunks(n, CASE_CHUNK, golden, c);
}

/* clang-format off */
static const struct case_row case_rows[] = {
	{LT("sample: 256 elements", "样例：256 个元素"), {256, 256}},
	{LT("n=1", "只有 1 个元素"), {1, 256}},
	{LT("1000 elements", "1000 个元素"), {1000, 256}},
	{LT("65536 elements", "65536 个元素"), {65536, 256}},
	{LT("a million elements", "100 万个元素"), {1 << 20, 256}, GPU_ONLY},
	{LT("timed", "计时"), {PERF_N, 256}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	(void)c;
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	if (isnan(f->report.shown[0].got))
		return L(
		        "consume read d_tmp before produce had written it (the judge holds the "
		        "producer stream back, and d_tmp starts as NaN): record the event on the "
		        "producer stream right after produce (cudaEventRecord(ready, producer)), "
		        "then make the consumer stream wait for it (cudaStreamWaitEvent(consumer, "
		        "ready, 0)) before consume. A record on the consumer stream, the producer "
		        "waiting for its own event, or a wait enqueued before the record orders "
		        "nothing",
		        "consume 在 produce 写完之前就读了 d_tmp（评测程序会故意拖住生产者 "
		        "stream，且 d_tmp 初始为 NaN）：在 produce 之后立即在生产者 stream 上记录 "
		        "event（cudaEventRecord(ready, producer)），然后让消费者 stream 在 consume "
		        "之前等待它（cudaStreamWaitEvent(consumer, ready, 0)）。在消费者 stream 上"
		        "记录、让生产者等待自己的 event，或者在记录之前就把等待入队，都不能规定任何"
		        "顺序");
	return NULL;
}

TABLE_PROBLEM(event_dependency, elementwise_locate, diagnose);
