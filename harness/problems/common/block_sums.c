/* The block-reduction exercises' inputs and golden sums; see block_sums.h. */
#include "block_sums.h"

#include <math.h>

#include "../../engine/rng.h"
#include "../../engine/run/cases.h"
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

struct golden {
	const float *x, *y;
	float *want;
	double *scale;
	int64_t n, size, items, copies;
	int calls;
};

/* The sums of blocks [lo, hi). */
static void golden_blocks(void *ctx, int64_t lo, int64_t hi)
{
	const struct golden *g = ctx;
	for (int64_t b = lo; b < hi; ++b)
		for (int k = 0; k < g->calls; ++k) {
			double s, m;
			golden_block(k ? g->y : g->x, g->n, g->size, g->items, b, &s, &m);
			for (int64_t r = 0; r < g->copies; ++r) {
				g->want[(b * g->calls + k) * g->copies + r] = (float)s;
				g->scale[(b * g->calls + k) * g->copies + r] = m;
			}
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
	draw_floats(c, rng, x->data, n, lo, hi);
	draw_floats(c, rng, y->data, (int64_t)y->count, lo == hi ? -1 : lo, lo == hi ? 1 : hi);
	struct golden g = {x->data, y->data, sums->expect, case_scale(sums), n, size,
	                   items,   copies,  calls};
	parallel_chunks(blocks, units_per_chunk(size * items), golden_blocks, &g);
}
