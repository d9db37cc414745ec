/* stream_overlap: cases, golden model, diagnoses and the overlap rule (device
 * and host side: glue.cuh).
 *
 * transform (given.cuh) iterates a logistic map with one
 * multiplication and one fmaf per step, so the C model below computes the same
 * floats bit for bit. Inputs come from a pool of values computed once
 * (common/value_pool.c). */
#include <math.h>
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "../problem.h"
#include "../common/elementwise.h"
#include "../common/registration.h"
#include "../common/value_pool.h"
#include "layout.h"

static const struct logistic_map transform = {3.8f, 2048};

/* The cases, in order: {name, {n, 256}}, and whether the overlap rule is measured
 * on it. The ratio of the reference's pipeline to the serial sum is the same
 * at 4M elements as at 16M (0.666 and 0.658 on an H200), and the case takes a
 * quarter of the time. The timed case (problems.yaml: perf.n) has the same
 * 4M elements: the learner's two page-locked buffers, kept while the size
 * stays the same (glue.cuh), serve both, and the reference's run needs 32 MB
 * of them, not 128. */
/* clang-format off */
static const struct pool_row case_rows[] = {
	{{LT("sample: 1000 elements", "样例：1000 个元素"), {1000, 256}}},
	{{LT("n=1", "只有 1 个元素"), {1, 256}}},
	{{LT("n=7 (fewer than the streams)", "n=7（比 stream 数还少）"), {7, 256}}},
	{{LT("65537 elements", "65537 个元素"), {65537, 256}}},
	{{LT("3 million and 1 elements", "300 万零 1 个元素"), {3000001, 256}, GPU_ONLY}},
	{{LT("overlap: 4 million elements against the serial sum", "重叠：400 万元素，对比串行用时"), {4 << 20, 256}, GPU_ONLY}, true},
	{{LT("timed", "计时"), {PERF_N, 256}}},
};
/* clang-format on */

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	static const struct pool_cases cases = {
	        case_rows, sizeof case_rows / sizeof case_rows[0], "in", "out", &transform, NULL};
	value_pool_cases(set, rng, e, plan, &cases);
}

/* Only the last elements never came back. */
static bool last_missing(const struct elementwise_miss *m)
{
	return elementwise_unwritten(m) && m->f->report.bad < m->f->report.total;
}

/* The element came back as it went in. */
static bool copied_input(const struct elementwise_miss *m)
{
	return m->got == m->in;
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	/* The known mistakes, in the order they are tried (common/elementwise.h). */
	static const struct elementwise_mistake mistakes[] = {
	        {last_missing,
	         LT("the last elements never came back: when n is not a multiple of the number "
	            "of chunks, the last chunk must be longer (or an extra, shorter one added)",
	            "最后几个元素没有拷回来：n "
	            "不是分块数的整数倍时，最后一块必须更长（或者再加一个较短的块）")},
	        {elementwise_unwritten,
	         LT("h_out was never written: copy each chunk back with cudaMemcpyAsync "
	            "(device to host) on the chunk's stream",
	            "h_out 从未被写入：在每一块自己的 stream 上用 cudaMemcpyAsync（device 到 "
	            "host）把它拷回来")},
	        {copied_input,
	         LT("h_out holds the input: was the chunk copied back from d_in instead of "
	            "d_out?",
	            "h_out 里是输入数据：是不是从 d_in 而不是从 d_out 拷回的？")},
	        {NULL,
	         LT("values from other places: do the copies and the kernel of a chunk all use "
	            "the same offset (d_in + offset, d_out + offset, h_in + offset, h_out + "
	            "offset)?",
	            "有些值来自别的位置：同一块的各次拷贝和 kernel 是否都用了相同的偏移（d_in + "
	            "offset、d_out + offset、h_in + offset、h_out + offset）？")},
	};
	return elementwise_diagnose(c, f, mistakes, sizeof mistakes / sizeof mistakes[0]);
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

PROBLEM(stream_overlap, .speed = &overlap_speed, .make_cases = make_cases,
        .locate = elementwise_locate, .diagnose = diagnose);
