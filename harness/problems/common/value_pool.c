/* Cases whose inputs come from a pool of precomputed values; see value_pool.h. */
#include "value_pool.h"

#include "../../engine/rng.h"
#include "../../engine/run/cases.h"
#include "elementwise_layout.h"
#include "logistic_map.h"

#define POOL 4096

/* The pool: values, and what each becomes at an even and at an odd index. */
static struct {
	float x[POOL], even[POOL], odd[POOL];
} pool;

/* The cases being built (make_cases builds one exercise's at a time). */
static const struct pool_cases *building;

float logistic_map_run(const struct logistic_map *m, float v)
{
	for (int k = 0; k < m->steps; ++k)
		v = cj_logistic_step(m->r, v);
	return v;
}

static void add_buffers(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct pool_row *r = row;
	int64_t n = c->param[CJ_P_N];
	c->measure = r->measure;
	struct in_out io = in_out_buffers(set, c, CJ_F32, building->in, building->out, n);
	float *in = io.in, *want = io.want;
	for (int64_t i = 0; i < n; ++i) {
		int k = (int)rng_range(rng, 0, POOL - 1);
		in[i] = pool.x[k];
		want[i] = i % 2 == 0 ? pool.even[k] : pool.odd[k];
	}
}

void value_pool_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                      const struct case_plan *plan, const struct pool_cases *cases)
{
	for (int k = 0; k < POOL; ++k) {
		pool.x[k] = (float)rng_uniform(rng, 0.01, 0.99);
		pool.even[k] = logistic_map_run(cases->even, pool.x[k]);
		pool.odd[k] = cases->odd ? logistic_map_run(cases->odd, pool.x[k]) : pool.even[k];
	}
	building = cases;
	const struct case_table t = {cases->rows, cases->count, sizeof cases->rows[0], add_buffers};
	case_table_add(set, rng, e, plan, &t);
}
