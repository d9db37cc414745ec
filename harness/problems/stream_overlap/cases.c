/* stream_overlap: cases, golden model, diagnoses and the overlap rule (device
 * and host side: glue.cuh).
 *
 * transform (given in the template) iterates a logistic map with one
 * multiplication and one fmaf per step, so the C model below computes the same
 * floats bit for bit. Inputs come from a pool of 4096 values computed once,
 * which keeps the golden model cheap for the large measured case. */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "layout.h"

#define POOL 4096

static float transform_one(float v)
{
	for (int k = 0; k < 2048; ++k) {
		float t = 3.8f * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

struct pool {
	float x[POOL], y[POOL];
};

static void add_case(struct case_set *set, struct rng *rng, const struct pool *p, const char *name,
                     int64_t n, bool measure, bool timed)
{
	struct jcase *c = case_new(set, name);
	c->param[CJ_P_N] = n;
	c->param[CJ_P_BLOCK] = 256;
	c->timed = timed;
	c->measure = measure;
	struct jbuf *in = case_buf(set, c, "in", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *out = case_buf(set, c, "out", CJ_F32, CJ_OUT, (uint64_t)n);
	float *iv = in->data, *want = out->expect;
	for (int64_t i = 0; i < n; ++i) {
		int k = (int)rng_range(rng, 0, POOL - 1);
		iv[i] = p->x[k];
		want[i] = p->y[k];
	}
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	static struct pool p;
	for (int k = 0; k < POOL; ++k) {
		p.x[k] = (float)rng_uniform(rng, 0.01, 0.99);
		p.y[k] = transform_one(p.x[k]);
	}
	add_case(set, rng, &p, L("sample: 1000 elements", "样例：1000 个元素"), 1000, false, false);
	add_case(set, rng, &p, L("n=1", "只有 1 个元素"), 1, false, false);
	add_case(set, rng, &p, L("n=7 (fewer than the streams)", "n=7（比 stream 数还少）"), 7,
	         false, false);
	add_case(set, rng, &p, L("65537 elements", "65537 个元素"), 65537, false, false);
	if (!plan->emulated) {
		add_case(set, rng, &p, L("3 million and 1 elements", "300 万零 1 个元素"), 3000001,
		         false, false);
		add_case(set, rng, &p,
		         L("overlap: 16 million elements against the serial sum",
		           "重叠：1600 万元素，对比串行用时"),
		         16 << 20, true, false);
	}
	if (plan->timed)
		add_case(set, rng, &p, L("timed", "计时"), e->perf.n, false, true);
}

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)c;
	(void)buf;
	w->block = (int64_t)index / 256;
	w->thread = (int64_t)index % 256;
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
        .locate = locate,
        .diagnose = diagnose,
};
