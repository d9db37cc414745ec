/* Case tables and the shared steps of building a case; see case_table.h. */
#include "case_table.h"

#include <string.h>

#include "../../engine/rng.h"
#include "../../engine/run/cases.h"
#include "../../engine/util.h"

static const struct case_row *row_at(const struct case_table *t, size_t i)
{
	return (const struct case_row *)((const char *)t->rows + i * t->row_bytes);
}

/* The size of the case that row r of table t makes under this plan, or -1
 * when the plan or the exercise leaves it out. */
static int64_t row_size(const struct case_table *t, const struct case_row *r,
                        const struct problem_entry *e, const struct case_plan *plan)
{
	if (t->has && !t->has(r))
		return -1;
	int64_t size = r->param[0];
	if (size == PERF_N && !plan->timed)
		return -1;
	if (plan->emulated && r->emu == GPU_ONLY)
		return -1;
	if (!plan->emulated && size == EMU_ONLY)
		return -1;
	if (size == PERF_N)
		return e->perf.n;
	return plan->emulated && r->emu ? r->emu : size;
}

void case_table_add(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                    const struct case_plan *plan, const struct case_table *t)
{
	size_t parallel_from = t->count; /* every case made from this row on is big */
	while (parallel_from > 0) {
		const struct case_row *r = row_at(t, parallel_from - 1);
		int64_t size = row_size(t, r, e, plan);
		if (size >= 0 && (t->elements ? t->elements(r, size) : size) < BIG_CASE)
			break;
		--parallel_from;
	}
	for (size_t i = 0; i < t->count; ++i) {
		const struct case_row *r = row_at(t, i);
		int64_t size = row_size(t, r, e, plan);
		if (size < 0)
			continue;
		struct jcase *c = case_new(set, lang_pick(r->name));
		memcpy(c->param, r->param, sizeof c->param);
		c->param[0] = size;
		c->timed = r->param[0] == PERF_N;
		c->parallel = i >= parallel_from;
		t->add(set, rng, c, r);
	}
}

void case_table_make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                           const struct case_plan *plan)
{
	const struct problem *p = problem_find(e->id);
	if (!p || !p->table)
		die("%s: no case table for case_table_make_cases", e->id);
	case_table_add(set, rng, e, plan, p->table);
}

struct in_out in_out_buffers(struct case_set *set, struct jcase *c, uint32_t elem, const char *in,
                             const char *out, int64_t n)
{
	void *x = case_buf(set, c, in, elem, CJ_IN, (uint64_t)n)->data;
	return (struct in_out){x, case_buf(set, c, out, elem, CJ_OUT, (uint64_t)n)->expect};
}

struct fill_job {
	uint64_t key;
	fill_fn *fill;
	void *ctx;
};

static void fill_chunk(void *arg, int64_t lo, int64_t hi)
{
	struct fill_job *job = arg;
	struct rng r;
	case_chunk_rng(&r, job->key, lo);
	job->fill(job->ctx, &r, lo, hi);
}

void fill_case(const struct jcase *c, struct rng *rng, int64_t n, int64_t chunk, fill_fn *fill,
               void *ctx)
{
	if (!c->parallel) {
		fill(ctx, rng, 0, n);
		return;
	}
	struct fill_job job = {rng_next(rng), fill, ctx};
	parallel_chunks(n, chunk, fill_chunk, &job);
}

int64_t sum_chunk(int64_t n)
{
	return n < BIG_CASE ? (n > 0 ? n : 1) : CASE_CHUNK;
}

int64_t units_per_chunk(int64_t unit)
{
	return unit < CASE_CHUNK ? CASE_CHUNK / unit : 1;
}

/* What draw_ints or draw_floats fills: ints or floats. */
struct uniform {
	int32_t *ints;
	float *floats;
	int64_t ilo, ihi;
	double lo, hi;
};

static void fill_uniform(void *ctx, struct rng *r, int64_t lo, int64_t hi)
{
	const struct uniform *d = ctx;
	for (int64_t i = lo; i < hi; ++i)
		if (d->ints)
			d->ints[i] = d->ilo == d->ihi ? (int32_t)(i + 1)
			                              : (int32_t)rng_range(r, d->ilo, d->ihi);
		else
			d->floats[i] = d->lo == d->hi ? (float)(i + 1)
			                              : (float)rng_uniform(r, d->lo, d->hi);
}

void draw_ints(const struct jcase *c, struct rng *rng, int32_t *x, int64_t n, int64_t lo,
               int64_t hi)
{
	struct uniform d = {.ints = x, .ilo = lo, .ihi = hi};
	fill_case(c, rng, n, CASE_CHUNK, fill_uniform, &d);
}

void draw_floats(const struct jcase *c, struct rng *rng, float *x, int64_t n, double lo, double hi)
{
	struct uniform d = {.floats = x, .lo = lo, .hi = hi};
	fill_case(c, rng, n, CASE_CHUNK, fill_uniform, &d);
}
