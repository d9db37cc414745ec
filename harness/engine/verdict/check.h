/* Comparing outputs with the golden model: per element, and per buffer with a
 * report of the first and last mismatches. */
#ifndef HARNESS_ENGINE_VERDICT_CHECK_H
#define HARNESS_ENGINE_VERDICT_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct check_spec {
	bool exact;  /* integers: equal; floats: equal value (+0 == -0), NaN never matches */
	double rtol; /* floats, when not exact: |got - want| <= atol + rtol * max(|want|, scale) */
	double atol;
};

/* True when `got` is acceptable for `want`. NaN matches nothing (not even NaN);
 * an infinity matches only the same infinity. `scale` widens the relative
 * tolerance for values computed from many terms (pass 0 when unused). */
bool float_matches(float got, double want, double scale, const struct check_spec *spec);

#define CHECK_MAX_SHOWN 8

struct mismatch {
	uint64_t index;
	double want, got;  /* as numbers, for floats and integers alike */
	uint32_t got_bits; /* raw bits, to tell a never-written (poisoned) element */
};

struct buffer_report {
	uint64_t total;     /* elements compared */
	uint64_t bad;       /* elements that differ */
	uint64_t unwritten; /* bad elements still holding the poison pattern */
	int nshown;
	struct mismatch shown[CHECK_MAX_SHOWN]; /* the first few */
	struct mismatch last;                   /* the last one, when bad > nshown */
};

/* The poison of float outputs (a NaN). Integer outputs get a byte chosen
 * per run, so that no fixed value (such as -1) can hide an unwritten element. */
#define CHECK_POISON_BITS 0xffffffffu

/* Compares n 32-bit elements of type elem (enum cj_elem). `scale` may be NULL.
 * Bad elements whose bits equal poison_bits count as unwritten. */
void compare_buffer_poisoned(uint32_t elem, const void *got, const void *want, const double *scale,
                             uint64_t n, const struct check_spec *spec, uint32_t poison_bits,
                             struct buffer_report *out);
/* The same with CHECK_POISON_BITS. */
void compare_buffer(uint32_t elem, const void *got, const void *want, const double *scale,
                    uint64_t n, const struct check_spec *spec, struct buffer_report *out);
/* True when compare_buffer would find a mismatch among the n elements (its
 * report's bad > 0, whatever the poison), told without the report: the
 * chunks stop once one of them finds an element that differs. */
bool buffer_differs(uint32_t elem, const void *got, const void *want, const double *scale,
                    uint64_t n, const struct check_spec *spec);

#endif
