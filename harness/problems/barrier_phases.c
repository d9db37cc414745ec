/* barrier_phases: cases, golden model (the statement's float arithmetic,
 * segment by segment) and diagnoses (device side: barrier_phases.cuh). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/cases.h"
#include "problem.h"

enum { P_N, P_BLOCK, P_STEPS };
enum { B_IN, B_OUT };

/* `steps` steps over one segment of `len` elements, in place. */
static void smooth(float *seg, int len, int steps)
{
	float *next = malloc(sizeof(float) * (size_t)len);
	if (!next)
		abort();
	for (int s = 0; s < steps; ++s) {
		for (int t = 0; t < len; ++t) {
			float left = t > 0 ? seg[t - 1] : 0.0f,
			      right = t + 1 < len ? seg[t + 1] : 0.0f;
			next[t] = (left + seg[t] + right) / 3.0f;
		}
		memcpy(seg, next, sizeof(float) * (size_t)len);
	}
	free(next);
}

static void add_case(struct case_set *set, struct rng *rng, const char *name, int64_t blocks,
                     int block, int steps, bool timed)
{
	struct jcase *c = case_new(set, name);
	int64_t n = blocks * block;
	c->param[P_N] = n;
	c->param[P_BLOCK] = block;
	c->param[P_STEPS] = steps;
	c->timed = timed;
	struct jbuf *in = case_buf(set, c, "in", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *out = case_buf(set, c, "out", CJ_F32, CJ_OUT, (uint64_t)n);
	float *x = in->data, *want = out->expect;
	for (int64_t i = 0; i < n; ++i)
		want[i] = x[i] = (float)rng_uniform(rng, -1, 1);
	for (int64_t b = 0; b < blocks; ++b)
		smooth(want + b * block, block, steps);
}

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	add_case(set, rng, "sample: one block of 32, 1 step", 1, 32, 1, false);
	add_case(set, rng, "block 32, 2 steps", 4, 32, 2, false);
	add_case(set, rng, "block 96, 5 steps", 10, 96, 5, false);
	add_case(set, rng, "block 256, 16 steps", 6, 256, 16, false);
	add_case(set, rng, "block 1024, 3 steps", 2, 1024, 3, false);
	add_case(set, rng, "block 64, no steps", 3, 64, 0, false);
	if (!plan->emulated)
		add_case(set, rng, "many blocks of 128, 50 steps", 4000, 128, 50, false);
	if (plan->timed)
		add_case(set, rng, "timed", e->perf.n / 256, 256, 8, true);
}

static void locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	w->block = (int64_t)index / c->param[P_BLOCK];
	w->thread = (int64_t)index % c->param[P_BLOCK];
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf != B_OUT || f->report.nshown == 0)
		return NULL;
	int64_t block = c->param[P_BLOCK];
	bool edges_only = true;
	for (int i = 0; i < f->report.nshown; ++i) {
		int64_t t = (int64_t)f->report.shown[i].index % block;
		edges_only &= t == 0 || t == block - 1;
	}
	if (edges_only)
		return "only the first or last thread of a block is wrong: the neighbours "
		       "outside the tile count as 0";
	return "values were mixed from two steps: every thread must finish reading its "
	       "neighbours before any thread writes the step's new value (one barrier "
	       "phase), and finish writing before anyone reads the next step (another)";
}

const struct problem barrier_phases_problem = {
        .id = "barrier_phases",
        .make_cases = make_cases,
        .locate = locate,
        .diagnose = diagnose,
};
