/* Case tables and the shared steps of building a case; see case_table.h. */
#include "case_table.h"

#include <string.h>

#include "../../engine/rng.h"
#include "../../engine/util.h"

void case_table_add(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                    const struct case_plan *plan, const struct case_table *t)
{
	for (size_t i = 0; i < t->count; ++i) {
		const void *row = (const char *)t->rows + i * t->row_bytes;
		const struct case_row *r = row;
		int64_t size = r->param[0];
		if (size == PERF_N && !plan->timed)
			continue;
		if (plan->emulated && r->emu == GPU_ONLY)
			continue;
		if (!plan->emulated && size == EMU_ONLY)
			continue;
		if (size == PERF_N)
			size = e->perf.n;
		else if (plan->emulated && r->emu)
			size = r->emu;
		struct jcase *c = case_new(set, lang_pick(r->name));
		memcpy(c->param, r->param, sizeof c->param);
		c->param[0] = size;
		c->timed = r->param[0] == PERF_N;
		t->add(set, rng, c, row);
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

void draw_ints(struct rng *rng, int32_t *x, int64_t n, int64_t lo, int64_t hi)
{
	for (int64_t i = 0; i < n; ++i)
		x[i] = lo == hi ? (int32_t)(i + 1) : (int32_t)rng_range(rng, lo, hi);
}

void draw_floats(struct rng *rng, float *x, int64_t n, double lo, double hi)
{
	for (int64_t i = 0; i < n; ++i)
		x[i] = lo == hi ? (float)(i + 1) : (float)rng_uniform(rng, lo, hi);
}
