/* Inputs from a pool of precomputed values; see value_pool.h. */
#include "value_pool.h"

#include <math.h>

#include "../../engine/rng.h"

float logistic_steps(float v, float r, int steps)
{
	for (int k = 0; k < steps; ++k) {
		float t = r * v;
		v = fmaf(-t, v, t);
	}
	return v;
}

void value_pool_fill(struct rng *rng, struct value_pool *p, float (*even)(float),
                     float (*odd)(float))
{
	for (int k = 0; k < VALUE_POOL; ++k) {
		p->x[k] = (float)rng_uniform(rng, 0.01, 0.99);
		p->even[k] = even(p->x[k]);
		p->odd[k] = odd ? odd(p->x[k]) : p->even[k];
	}
}

void value_pool_draw(struct rng *rng, const struct value_pool *p, float *in, float *want, int64_t n)
{
	for (int64_t i = 0; i < n; ++i) {
		int k = (int)rng_range(rng, 0, VALUE_POOL - 1);
		in[i] = p->x[k];
		want[i] = i % 2 == 0 ? p->even[k] : p->odd[k];
	}
}
