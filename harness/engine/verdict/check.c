/* Element-wise comparison against the golden model; see check.h. */
#include "verdict/check.h"

#include <math.h>
#include <string.h>

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

void compare_buffer_poisoned(uint32_t elem, const void *got, const void *want, const double *scale,
                             uint64_t n, const struct check_spec *spec, uint32_t poison,
                             struct buffer_report *out)
{
	memset(out, 0, sizeof *out);
	out->total = n;
	const uint32_t *bits = got;
	for (uint64_t i = 0; i < n; ++i) {
		switch (elem) {
		case CJ_I32: {
			int32_t g = ((const int32_t *)got)[i], w = ((const int32_t *)want)[i];
			if (g != w)
				note(out, i, w, g, bits[i], poison);
			break;
		}
		case CJ_U32: {
			uint32_t g = ((const uint32_t *)got)[i], w = ((const uint32_t *)want)[i];
			if (g != w)
				note(out, i, w, g, bits[i], poison);
			break;
		}
		default: {
			float g = ((const float *)got)[i], w = ((const float *)want)[i];
			if (!float_matches(g, w, scale ? scale[i] : 0.0, spec))
				note(out, i, w, g, bits[i], poison);
			break;
		}
		}
	}
}
