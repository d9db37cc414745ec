/* Inputs from a pool of precomputed values; see value_pool.h. */
#include "value_pool.h"

#include <math.h>

#include "../../engine/rng.h"
#include "../../engine/run/cases.h"
#include "case_table.h"

float logistic_steps(float v, float r, int steps)
{
	for (int k = 0; k < steps; ++k) {
		float t = r * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

struct pool_job {
	struct value_pool *p;
	float (*even)(float), (*odd)(float);
};

/* The results of pool values [lo, hi): hundreds of steps each. */
static void pool_results(void *ctx, int64_t lo, int64_t hi)
{
	const struct pool_job *job = ctx;
	struct value_pool *p = job->p;
	for (int64_t k = lo; k < hi; ++k) {
		p->even[k] = job->even(p->x[k]);
		p->odd[k] = job->odd ? job->odd(p->x[k]) : p->even[k];
	}
}

void value_pool_fill(struct rng *rng, struct value_pool *p, float (*even)(float),
                     float (*odd)(float))
{
	for (int k = 0; k < VALUE_POOL; ++k)
		p->x[k] = (float)rng_uniform(rng, 0.01, 0.99);
	struct pool_job job = {p, even, odd};
	case_parallel(VALUE_POOL, 64, pool_results, &job);
}

struct pool_draw {
	const struct value_pool *p;
	float *in, *want;
};

static void fill_from_pool(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct pool_draw *d = ctx;
	for (int64_t i = lo; i < hi; ++i) {
		int k = (int)rng_range(rng, 0, VALUE_POOL - 1);
		d->in[i] = d->p->x[k];
		d->want[i] = i % 2 == 0 ? d->p->even[k] : d->p->odd[k];
	}
}

void value_pool_draw(const struct jcase *c, struct rng *rng, const struct value_pool *p, float *in,
                     float *want, int64_t n)
{
	struct pool_draw d = {p, in, want};
	fill_case(c, rng, n, CASE_CHUNK, fill_from_pool, &d);
}
