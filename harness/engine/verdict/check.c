/* Element-wise comparison against the golden model; see check.h. */
#include "verdict/check.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "parallel.h"
#include "run/cases.h"
#include "wire.h"

bool float_matches(float got, double want, double scale, const struct check_spec *spec)
{
	if (isnan(got) || isnan(want))
		return false;
	if (isinf(got) || isinf(want))
		return isinf(got) && isinf(want) && (got > 0) == (want > 0);
	if (spec->exact)
		return (double)got == want;
	double mag = fabs(want) > scale ? fabs(want) : scale;
	return fabs((double)got - want) <= spec->atol + spec->rtol * mag;
}

static void note(struct buffer_report *r, uint64_t i, double want, double got, uint32_t bits,
                 uint32_t poison)
{
	struct mismatch m = {.index = i, .want = want, .got = got, .got_bits = bits};
	r->bad++;
	if (bits == poison)
		r->unwritten++;
	if (r->nshown < CHECK_MAX_SHOWN)
		r->shown[r->nshown++] = m;
	r->last = m;
}

void compare_buffer(uint32_t elem, const void *got, const void *want, const double *scale,
                    uint64_t n, const struct check_spec *spec, struct buffer_report *out)
{
	compare_buffer_poisoned(elem, got, want, scale, n, spec, CHECK_POISON_BITS, out);
}

/* Elements [lo, hi) into r (its total aside), one loop per element type. */
static void compare_range(uint32_t elem, const void *got, const void *want, const double *scale,
                          uint64_t lo, uint64_t hi, const struct check_spec *spec, uint32_t poison,
                          struct buffer_report *r)
{
	const uint32_t *bits = got;
	if (elem == CJ_I32) {
		const int32_t *g = got, *w = want;
		for (uint64_t i = lo; i < hi; ++i)
			if (g[i] != w[i])
				note(r, i, w[i], g[i], bits[i], poison);
	} else if (elem == CJ_U32) {
		const uint32_t *g = got, *w = want;
		for (uint64_t i = lo; i < hi; ++i)
			if (g[i] != w[i])
				note(r, i, w[i], g[i], bits[i], poison);
	} else {
		const float *g = got, *w = want;
		for (uint64_t i = lo; i < hi; ++i)
			if (!float_matches(g[i], w[i], scale ? scale[i] : 0.0, spec))
				note(r, i, w[i], g[i], bits[i], poison);
	}
}

/* A big buffer is compared in chunks on every core (run/cases.h:
 * parallel_chunks), each into a report of its own, merged in index order: the
 * same report as one pass. */
#define CHECK_CHUNK ((int64_t)1 << 20)

struct compare_job {
	uint32_t elem, poison;
	const void *got, *want;
	const double *scale;
	const struct check_spec *spec;
	struct buffer_report *parts;
};

static void compare_chunk(void *ctx, int64_t lo, int64_t hi)
{
	struct compare_job *c = ctx;
	compare_range(c->elem, c->got, c->want, c->scale, (uint64_t)lo, (uint64_t)hi, c->spec,
	              c->poison, &c->parts[lo / CHECK_CHUNK]);
}

void compare_buffer_poisoned(uint32_t elem, const void *got, const void *want, const double *scale,
                             uint64_t n, const struct check_spec *spec, uint32_t poison,
                             struct buffer_report *out)
{
	memset(out, 0, sizeof *out);
	out->total = n;
	int64_t nparts = ((int64_t)n + CHECK_CHUNK - 1) / CHECK_CHUNK;
	struct buffer_report *parts = nparts > 1 ? calloc((size_t)nparts, sizeof *parts) : NULL;
	if (!parts) {
		compare_range(elem, got, want, scale, 0, n, spec, poison, out);
		return;
	}
	struct compare_job job = {elem, poison, got, want, scale, spec, parts};
	parallel_chunks((int64_t)n, CHECK_CHUNK, compare_chunk, &job);
	for (int64_t k = 0; k < nparts; ++k) {
		const struct buffer_report *p = &parts[k];
		out->bad += p->bad;
		out->unwritten += p->unwritten;
		for (int i = 0; i < p->nshown && out->nshown < CHECK_MAX_SHOWN; ++i)
			out->shown[out->nshown++] = p->shown[i];
		if (p->bad)
			out->last = p->last;
	}
	free(parts);
}
