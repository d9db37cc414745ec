/* The block-reduction exercises' inputs and golden sums; see block_sums.h. */
#include "block_sums.h"

#include <math.h>

#include "../../engine/rng.h"
#include "case_table.h"

/* Sum (and sum of magnitudes, the tolerance scale) of block b's elements of v. */
static void golden_block(const float *v, int64_t n, int64_t size, int64_t items, int64_t b,
                         double *sum, double *mag)
{
	*sum = 0;
	*mag = 0;
	int64_t first = b * size * items, last = first + size * items;
	for (int64_t i = first; i < last && i < n; ++i) {
		*sum += v[i];
		*mag += fabs(v[i]);
	}
}

void block_sums_buffers(struct case_set *set, struct jcase *c, struct rng *rng, int64_t n,
                        int64_t size, int64_t items, int calls, int64_t copies, double lo,
                        double hi)
{
	int64_t blocks = (n + size * items - 1) / (size * items);
	struct jbuf *x = case_buf(set, c, "x", CJ_F32, CJ_IN, (uint64_t)n);
	struct jbuf *y = case_buf(set, c, "y", CJ_F32, CJ_IN, calls > 1 ? (uint64_t)n : 1);
	struct jbuf *sums =
	        case_buf(set, c, "sums", CJ_F32, CJ_OUT, (uint64_t)(blocks * calls * copies));
	float *xv = x->data, *yv = y->data, *want = sums->expect;
	double *scale = case_scale(sums);
	draw_floats(rng, xv, n, lo, hi);
	for (uint64_t i = 0; i < y->count; ++i)
		yv[i] = (float)rng_uniform(rng, lo == hi ? -1 : lo, lo == hi ? 1 : hi);
	for (int64_t b = 0; b < blocks; ++b)
		for (int k = 0; k < calls; ++k) {
			double s, m;
			golden_block(k ? yv : xv, n, size, items, b, &s, &m);
			for (int64_t r = 0; r < copies; ++r) {
				want[(b * calls + k) * copies + r] = (float)s;
				scale[(b * calls + k) * copies + r] = m;
			}
		}
}
