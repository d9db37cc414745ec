/* The golden model shared by the softmax exercises; see softmax_golden.h. */
#include "softmax_golden.h"

#include <math.h>
#include <stdlib.h>

#include "../../engine/rng.h"
#include "../../engine/util.h"

/* Softmax of one row of len values, computed in double with the row's maximum
 * subtracted; written as float. e: len doubles of scratch, each exp computed
 * once. */
static void golden_softmax_row(const float *x, float *y, int64_t len, double *e)
{
	double m = -INFINITY, s = 0;
	for (int64_t j = 0; j < len; ++j)
		m = x[j] > m ? x[j] : m;
	for (int64_t j = 0; j < len; ++j) {
		e[j] = exp((double)x[j] - m);
		s += e[j];
	}
	for (int64_t j = 0; j < len; ++j)
		y[j] = (float)(e[j] / s);
}

float softmax_draw(struct rng *rng, enum softmax_spread s, bool hot)
{
	switch (s) {
	case SPREAD_LARGE:
		return (float)rng_uniform(rng, -100, 100);
	case SPREAD_NEGATIVE:
		return (float)rng_uniform(rng, -120, -100);
	case SPREAD_DOMINANT:
		return hot ? 40.0f : (float)rng_uniform(rng, -40, -30);
	default:
		return (float)rng_uniform(rng, -5, 5);
	}
}

static float draw(struct rng *rng, enum softmax_spread s, int64_t j, int64_t row, int64_t hot,
                  float ramp_step)
{
	if (s == SPREAD_TIES)
		return row % 2 ? 2.5f : (rng_range(rng, 0, 1) ? 1.0f : -1.0f);
	if (s == SPREAD_RAMP)
		return (float)j * ramp_step;
	return softmax_draw(rng, s, j == hot);
}

void softmax_rows(struct rng *rng, float *x, float *y, int64_t lo, int64_t hi, int64_t len,
                  enum softmax_spread s, float ramp_step)
{
	double *e = xmalloc((size_t)(len > 0 ? len : 1) * sizeof *e);
	for (int64_t r = lo; r < hi; ++r) {
		int64_t hot = rng_range(rng, 0, len - 1);
		for (int64_t j = 0; j < len; ++j)
			x[r * len + j] = draw(rng, s, j, r, hot, ramp_step);
		golden_softmax_row(x + r * len, y + r * len, len, e);
	}
	free(e);
}
