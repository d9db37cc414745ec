/* The row-softmax exercises' cases and shared diagnoses; see softmax_cases.h. */
#include "softmax_cases.h"

#include <math.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "case_table.h"
#include "softmax_layout.h"

/* What softmax_case draws: the rows of x and their golden softmax in y. */
struct rows_job {
	float *x, *y;
	int64_t len;
	enum softmax_spread spread;
	float ramp_step;
};

static void fill_rows(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct rows_job *d = ctx;
	softmax_rows(rng, d->x, d->y, lo, hi, d->len, d->spread, d->ramp_step);
}

void softmax_case(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	const struct softmax_row *r = row;
	int64_t len = c->param[CJ_P_LEN];
	if (c->timed)
		c->param[CJ_P_ROWS] /= len;
	int64_t rows = c->param[CJ_P_ROWS];
	struct in_out xy = in_out_buffers(set, c, CJ_F32, "x", "y", rows * len);
	/* a big case in chunks of whole rows, on every core */
	struct rows_job d = {xy.in, xy.want, len, r->spread, r->ramp_step};
	fill_case(c, rng, rows, units_per_chunk(len), fill_rows, &d);
}

void softmax_locate_by_block(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t len = c->param[CJ_P_LEN], row = (int64_t)index / len;
	w->block = row / c->param[CJ_P_PER];
	w->thread = (int64_t)(index % (uint64_t)len) % c->param[CJ_P_BLOCK];
}

void softmax_locate_by_warp(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	(void)buf;
	int64_t len = c->param[CJ_P_LEN], row = (int64_t)index / len;
	int64_t warp = row / c->param[CJ_P_PER];
	int64_t thread = warp * 32 + (int64_t)(index % (uint64_t)len) % 32;
	w->block = thread / c->param[CJ_P_BLOCK];
	w->thread = thread % c->param[CJ_P_BLOCK];
}

/* got / want in the row when it is the same (within 0.1 %) for every element
 * large enough to tell, else 0. */
static double row_ratio(const struct jcase *c, int64_t row)
{
	int64_t len = c->param[CJ_P_LEN];
	const float *got = (const float *)c->buf[CJ_B_Y].data + row * len;
	const float *want = (const float *)c->buf[CJ_B_Y].expect + row * len;
	double ratio = 0;
	for (int64_t j = 0; j < len; ++j) {
		if (want[j] < 1e-20f)
			continue;
		double q = got[j] / want[j];
		if (!isfinite(q) || (ratio != 0 && fabs(q - ratio) > 1e-3 * ratio))
			return 0;
		ratio = q;
	}
	return ratio;
}

bool softmax_one_factor_off(const struct jcase *c, int64_t row)
{
	double ratio = row_ratio(c, row);
	return ratio != 0 && fabs(ratio - 1) > 1e-3;
}

bool softmax_unwritten_from(const struct jcase *c, int64_t row, int64_t from)
{
	int64_t len = c->param[CJ_P_LEN];
	const uint32_t *bits = (const uint32_t *)c->buf[CJ_B_Y].data + row * len;
	for (int64_t j = 0; j < len; ++j)
		if ((bits[j] == 0xffffffffu) != (j >= from))
			return false;
	return true;
}

const char *softmax_first_look(const struct jcase *c, const struct case_findings *f, int64_t *row)
{
	*row = -1;
	if (f->bad_buf != CJ_B_Y || f->report.nshown == 0)
		return NULL;
	/* a first mismatch that came out inf, NaN or 0 (written) in a row of large
	 * inputs: expf overflows without the row's maximum */
	const struct mismatch *m = &f->report.shown[0];
	int64_t len = c->param[CJ_P_LEN];
	*row = (int64_t)m->index / len;
	const float *x = (const float *)c->buf[CJ_B_X].data + *row * len;
	double big = 0;
	for (int64_t j = 0; j < len; ++j)
		big = fabs(x[j]) > big ? fabs(x[j]) : big;
	if ((!isfinite(m->got) || m->got == 0) && m->got_bits != 0xffffffffu && big > 80)
		return L("wrong where inputs are large in magnitude: expf overflows above about 88 "
		         "(inf / inf is NaN, x / inf is 0) and gives 0 below about -103. Subtract "
		         "the row's maximum before expf, which leaves the softmax unchanged",
		         "输入绝对值大的地方出错：expf 的参数超过约 88 会上溢（inf / inf 得 NaN，x "
		         "/ inf 得 0），低于约 -103 会得到 0。在 expf "
		         "之前减去这一行的最大值，softmax 的结果不变");
	return NULL;
}
