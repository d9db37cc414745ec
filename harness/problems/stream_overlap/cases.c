/* stream_overlap: cases, golden model, diagnoses and the overlap rule (device
 * and host side: glue.cuh).
 *
 * transform (given in the template) iterates a logistic map with one
 * multiplication and one fmaf per step, so the C model below computes the same
 * floats bit for bit. Inputs come from a pool of values computed once
 * (common/value_pool.c). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/case_table.h"
#include "../common/elementwise.h"
#include "../common/value_pool.h"
#include "layout.h"

static float transform_one(float v)
{
	return logistic_steps(v, 3.8f, 2048);
}

/* A case: {name, {n, 256}}; `measure`: the one the speed rule is measured
 * on. */
struct overlap_row {
	struct case_row head;
	bool measure;
};

static struct value_pool pool; /* filled by make_cases for its cases */

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct overlap_row *r = row;
	c->measure = r->measure;
	struct in_out io = in_out_buffers(set, c, CJ_F32, "in", "out", c->param[CJ_P_N]);
	value_pool_draw(c, rng, &pool, io.in, io.want, c->param[CJ_P_N]);
}

/* clang-format off */
static const struct overlap_row case_rows[] = {
	{{LT("sample: 1000 elements", "样例：1000 个元素"), {1000, 256}}},
	{{LT("n=1", "只有 1 个元素"), {1, 256}}},
	{{LT("n=7 (fewer than the streams)", "n=7（比 stream 数还少）"), {7, 256}}},
	{{LT("65537 elements", "65537 个元素"), {65537, 256}}},
	{{LT("3 million and 1 elements", "300 万零 1 个元素"), {3000001, 256}, GPU_ONLY}},
	{{LT("overlap: 16 million elements against the serial sum", "重叠：1600 万元素，对比串行用时"),
	  {16 << 20, 256}, GPU_ONLY}, true},
	{{LT("timed", "计时"), {PERF_N, 256}}},
};
/* clang-format on */

static const struct case_table table = {TABLE(case_rows), add_buffers};

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	value_pool_fill(rng, &pool, transform_one, NULL);
	case_table_add(set, rng, e, plan, &table);
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != CJ_B_OUT || f->report.nshown == 0)
		return NULL;
	const float *in = c->buf[CJ_B_IN].data, *got = c->buf[CJ_B_OUT].data;
	uint64_t k = f->report.shown[0].index;
	if (f->report.unwritten == f->report.bad && f->report.bad < f->report.total)
		return L(
		        "the last elements never came back: when n is not a multiple of the number "
		        "of chunks, the last chunk must be longer (or an extra, shorter one added)",
		        "最后几个元素没有拷回来：n "
		        "不是分块数的整数倍时，最后一块必须更长（或者再加一个较短的块）");
	if (f->report.unwritten == f->report.bad)
		return L("h_out was never written: copy each chunk back with cudaMemcpyAsync "
		         "(device to host) on the chunk's stream",
		         "h_out 从未被写入：在每一块自己的 stream 上用 cudaMemcpyAsync（device 到 "
		         "host）把它拷回来");
	if (got[k] == in[k])
		return L("h_out holds the input: was the chunk copied back from d_in instead of "
		         "d_out?",
		         "h_out 里是输入数据：是不是从 d_in 而不是从 d_out 拷回的？");
	return L("values from other places: do the copies and the kernel of a chunk all use the "
	         "same offset (d_in + offset, d_out + offset, h_in + offset, h_out + offset)?",
	         "有些值来自别的位置：同一块的各次拷贝和 kernel 是否都用了相同的偏移（d_in + "
	         "offset、d_out + offset、h_in + offset、h_out + offset）？");
}

/* At most 0.75 of the serial sum, i.e. at least 1 / 0.75 times as fast. */
static const struct speed_rule overlap_speed = {
        .min_speedup = 1.0 / 0.75,
        .baseline = LT("the serial sum (copy in, transform, copy out, one after another on one "
                       "stream; the end-to-end time must be at most 0.75 of it)",
                       "串行用时之和（拷入、变换、拷出在同一个 stream "
                       "上依次进行；端到端时间最多只能是它的 0.75）"),
        .advice = LT(
                "Split the work into chunks and give each chunk its own stream, so that one "
                "chunk's copies run while another chunk's kernel does.",
                "把工作分成若干块，每块用自己的 stream，让一块的拷贝与另一块的 kernel 同时进行。"),
};

const struct problem stream_overlap_problem = {
        .id = "stream_overlap",
        .speed = &overlap_speed,
        .make_cases = make_cases,
        .locate = elementwise_locate,
        .diagnose = diagnose,
};
