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

void compare_buffer(uint32_t elem, const void *got, const void *want, const double *scale,
                    uint64_t n, const struct check_spec *spec, struct buffer_report *out)
{
	compare_buffer_poisoned(elem, got, want, scale, n, spec, CHECK_POISON_BITS, out);
}

/* Mismatch i as a report shows it: the values as numbers, the raw bits. */
static struct mismatch mismatch_at(uint32_t elem, const void *got, const void *want, uint64_t i)
{
	struct mismatch m = {.index = i, .got_bits = ((const uint32_t *)got)[i]};
	if (elem == CJ_I32) {
		m.want = ((const int32_t *)want)[i];
		m.got = ((const int32_t *)got)[i];
	} else if (elem == CJ_U32) {
		m.want = ((const uint32_t *)want)[i];
		m.got = ((const uint32_t *)got)[i];
	} else {
		m.want = ((const float *)want)[i];
		m.got = ((const float *)got)[i];
	}
	return m;
}

/* The mismatches of one range as its loop finds them, kept in locals until
 * it ends: the chunks' reports lie side by side in memory, and a store into
 * its report per element had cores writing into each other's cache lines
 * (two threads took longer than one). */
struct tally {
	uint64_t bad, unwritten, last;
	int nshown;
	uint64_t shown[CHECK_MAX_SHOWN];
};

static inline void tally_bad(struct tally *t, uint64_t i, uint32_t bits, uint32_t poison)
{
	t->bad++;
	t->unwritten += bits == poison;
	t->last = i;
	if (t->nshown < CHECK_MAX_SHOWN)
		t->shown[t->nshown++] = i;
}

/* Elements [lo, hi) into r (its total aside), one loop per element type. */
static void compare_range(uint32_t elem, const void *got, const void *want, const double *scale,
                          uint64_t lo, uint64_t hi, const struct check_spec *spec, uint32_t poison,
                          struct buffer_report *r)
{
	const uint32_t *bits = got;
	struct tally t = {0};
	if (elem == CJ_I32 || elem == CJ_U32) { /* equal as 32-bit words */
		const uint32_t *w = want;
		for (uint64_t i = lo; i < hi; ++i)
			if (bits[i] != w[i])
				tally_bad(&t, i, bits[i], poison);
	} else {
		const float *g = got, *w = want;
		for (uint64_t i = lo; i < hi; ++i)
			if (!float_matches(g[i], w[i], scale ? scale[i] : 0.0, spec))
				tally_bad(&t, i, bits[i], poison);
	}
	r->bad = t.bad;
	r->unwritten = t.unwritten;
	r->nshown = t.nshown;
	for (int k = 0; k < t.nshown; ++k)
		r->shown[k] = mismatch_at(elem, got, want, t.shown[k]);
	if (t.bad)
		r->last = mismatch_at(elem, got, want, t.last);
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

/* buffer_differs: the chunks on every core look in steps, and stop once one
 * of them found an element that differs. */
#define DIFFERS_STEP 4096

struct differs_job {
	uint32_t elem;
	const void *got, *want;
	const double *scale;
	const struct check_spec *spec;
	bool found; /* taken atomically */
};

static bool range_differs(const struct differs_job *d, int64_t lo, int64_t hi)
{
	if (d->elem == CJ_I32 || d->elem == CJ_U32) {
		const uint32_t *g = d->got, *w = d->want;
		for (int64_t i = lo; i < hi; ++i)
			if (g[i] != w[i])
				return true;
	} else {
		const float *g = d->got, *w = d->want;
		for (int64_t i = lo; i < hi; ++i)
			if (!float_matches(g[i], w[i], d->scale ? d->scale[i] : 0.0, d->spec))
				return true;
	}
	return false;
}

static void differs_chunk(void *ctx, int64_t lo, int64_t hi)
{
	struct differs_job *d = ctx;
	for (int64_t i = lo; i < hi && !__atomic_load_n(&d->found, __ATOMIC_RELAXED);
	     i += DIFFERS_STEP)
		if (range_differs(d, i, hi - i < DIFFERS_STEP ? hi : i + DIFFERS_STEP)) {
			__atomic_store_n(&d->found, true, __ATOMIC_RELAXED);
			return;
		}
}

bool buffer_differs(uint32_t elem, const void *got, const void *want, const double *scale,
                    uint64_t n, const struct check_spec *spec)
{
	struct differs_job job = {elem, got, want, scale, spec, false};
	parallel_chunks((int64_t)n, CHECK_CHUNK, differs_chunk, &job);
	return job.found;
}
