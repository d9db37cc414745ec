/*
 * Output checking (harness/engine/verdict/check.c): float_matches at the edges of
 * its tolerance, and compare_buffer's counts and reports for every element
 * type. Tolerances here are powers of two so that the boundaries are exact.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/check.h"
#include "rng.h"
#include "unit.h"
#include "wire.h"

static const struct check_spec EXACT = {.exact = true};
/* atol 2^-8, rtol 2^-10: at |want| = 4 the tolerance is 2^-8 + 2^-8 = 2^-7 */
static const struct check_spec TOL = {.exact = false, .rtol = 0x1p-10, .atol = 0x1p-8};
/* what a float problem in problems.yaml typically asks for */
static const struct check_spec TIGHT = {.exact = false, .rtol = 1e-5, .atol = 1e-4};

static float bits_to_float(uint32_t u)
{
	float f;
	memcpy(&f, &u, sizeof f);
	return f;
}

static uint32_t float_to_bits(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof u);
	return u;
}

static void test_nan(void)
{
	const struct check_spec *specs[] = {&EXACT, &TOL, &TIGHT};
	/* even a huge tolerance does not let NaN through */
	const struct check_spec loose = {.exact = false, .rtol = 1e30, .atol = 1e30};
	for (int s = 0; s < 4; ++s) {
		const struct check_spec *sp = s < 3 ? specs[s] : &loose;
		CHECK(!float_matches(NAN, NAN, 0, sp));
		CHECK(!float_matches(NAN, 1.0, 0, sp));
		CHECK(!float_matches(1.0f, NAN, 0, sp));
		CHECK(!float_matches(-NAN, NAN, 0, sp));
		CHECK(!float_matches(bits_to_float(0xffffffffu), NAN, 0, sp)); /* the poison */
		CHECK(!float_matches(bits_to_float(0xffffffffu), 0.0, 0, sp));
		CHECK(!float_matches(bits_to_float(0x7f800001u), 0.0, 1e30, sp)); /* signalling */
		CHECK(!float_matches(NAN, INFINITY, 0, sp));
		CHECK(!float_matches(INFINITY, NAN, 0, sp));
	}
}

static void test_infinity(void)
{
	const struct check_spec loose = {.exact = false, .rtol = 1e30, .atol = 1e30};
	const struct check_spec *specs[] = {&EXACT, &TOL, &loose};
	for (int s = 0; s < 3; ++s) {
		const struct check_spec *sp = specs[s];
		CHECK(float_matches(INFINITY, INFINITY, 0, sp));
		CHECK(float_matches(-INFINITY, -INFINITY, 0, sp));
		CHECK(!float_matches(INFINITY, -INFINITY, 0, sp));
		CHECK(!float_matches(-INFINITY, INFINITY, 0, sp));
		/* the largest float is not infinity, however loose the tolerance */
		CHECK(!float_matches(FLT_MAX, INFINITY, 0, sp));
		CHECK(!float_matches(INFINITY, FLT_MAX, 0, sp));
		CHECK(!float_matches(-INFINITY, -FLT_MAX, 0, sp));
		CHECK(!float_matches(INFINITY, 0.0, 0, sp));
		CHECK(!float_matches(0.0f, INFINITY, 1e38, sp));
	}
}

static void test_signed_zero(void)
{
	CHECK(float_matches(0.0f, -0.0, 0, &EXACT));
	CHECK(float_matches(-0.0f, 0.0, 0, &EXACT));
	CHECK(float_matches(-0.0f, -0.0, 0, &EXACT));
	CHECK(float_matches(0.0f, -0.0, 0, &TOL));
	/* the smallest subnormal is not zero under exact */
	CHECK(!float_matches(bits_to_float(1), 0.0, 0, &EXACT));
	CHECK(!float_matches(bits_to_float(0x80000001u), -0.0, 0, &EXACT));
}

static void test_exact(void)
{
	CHECK(float_matches(1.0f, 1.0, 0, &EXACT));
	CHECK(float_matches(-3.5f, -3.5, 0, &EXACT));
	CHECK(float_matches(16777216.0f, 16777216.0, 0, &EXACT));
	CHECK(!float_matches(nextafterf(1.0f, 2.0f), 1.0, 0, &EXACT));
	CHECK(!float_matches(nextafterf(1.0f, 0.0f), 1.0, 0, &EXACT));
	CHECK(!float_matches(-1.0f, 1.0, 0, &EXACT));
	/* scale means nothing under exact */
	CHECK(!float_matches(1.0f, 0.0, 1e9, &EXACT));
	/* want is a double: a float that only approximates it is not exact */
	CHECK(!float_matches(0.1f, 0.1, 0, &EXACT));
	CHECK(float_matches(0.1f, (double)0.1f, 0, &EXACT));
}

static void test_tolerance_boundaries(void)
{
	/* want 4: tolerance 2^-7 either side */
	const float lo = 4.0f - 0x1p-7f, hi = 4.0f + 0x1p-7f;
	CHECK(float_matches(4.0f, 4.0, 0, &TOL));
	CHECK(float_matches(hi, 4.0, 0, &TOL));                    /* on the boundary */
	CHECK(!float_matches(nextafterf(hi, 8.0f), 4.0, 0, &TOL)); /* one ulp outside */
	CHECK(float_matches(lo, 4.0, 0, &TOL));
	CHECK(!float_matches(nextafterf(lo, 0.0f), 4.0, 0, &TOL));
	/* negative want: the tolerance uses |want| */
	CHECK(float_matches(-hi, -4.0, 0, &TOL));
	CHECK(!float_matches(nextafterf(-hi, -8.0f), -4.0, 0, &TOL));
	CHECK(float_matches(-lo, -4.0, 0, &TOL));
	CHECK(!float_matches(nextafterf(-lo, 0.0f), -4.0, 0, &TOL));
	/* the relative part follows want, not got: want 1024 allows 2^-8 + 1 */
	CHECK(float_matches(1025.0f, 1024.0, 0, &TOL));
	CHECK(!float_matches(1025.0078125f, 1024.0, 0, &TOL));
	/* want 0: only atol */
	CHECK(float_matches(0x1p-8f, 0.0, 0, &TOL));
	CHECK(float_matches(-0x1p-8f, 0.0, 0, &TOL));
	CHECK(!float_matches(nextafterf(0x1p-8f, 1.0f), 0.0, 0, &TOL));
	CHECK(!float_matches(nextafterf(-0x1p-8f, -1.0f), 0.0, 0, &TOL));
	/* atol 0, rtol 0: exact except for the sign of zero */
	const struct check_spec zero = {.exact = false};
	CHECK(float_matches(2.5f, 2.5, 0, &zero));
	CHECK(!float_matches(nextafterf(2.5f, 3.0f), 2.5, 0, &zero));
	CHECK(float_matches(-0.0f, 0.0, 0, &zero));
}

static void test_scale(void)
{
	/* want 0 with scale 4: tolerance 2^-8 + 4 * 2^-10 = 2^-7 */
	CHECK(float_matches(0x1p-7f, 0.0, 4.0, &TOL));
	CHECK(float_matches(-0x1p-7f, 0.0, 4.0, &TOL));
	CHECK(!float_matches(nextafterf(0x1p-7f, 1.0f), 0.0, 4.0, &TOL));
	CHECK(!float_matches(0x1p-7f, 0.0, 0.0, &TOL)); /* without the scale it fails */
	/* a scale below |want| does not narrow the tolerance */
	CHECK(float_matches(4.0f + 0x1p-7f, 4.0, 1.0, &TOL));
	/* a large scale widens it for a small want */
	CHECK(float_matches(1.0f + 0.25f, 1.0, 1024.0, &TOL));
	CHECK(!float_matches(1.0f + 0.25f, 1.0, 0.0, &TOL));
}

/* --------------------------------------------------------- compare_buffer */

static void test_compare_i32(void)
{
	enum { N = 100 };
	int32_t want[N], got[N];
	for (int i = 0; i < N; ++i)
		want[i] = got[i] = 3 * i - 50; /* never -1 */
	/* 12 bad elements: 3, 10, 20..29; of them 4 still hold the poison */
	int bad_idx[] = {3, 10, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29};
	for (size_t k = 0; k < sizeof bad_idx / sizeof *bad_idx; ++k)
		got[bad_idx[k]] = want[bad_idx[k]] + 7;
	got[10] = (int32_t)CHECK_POISON_BITS;
	got[21] = (int32_t)CHECK_POISON_BITS;
	got[25] = (int32_t)CHECK_POISON_BITS;
	got[29] = (int32_t)CHECK_POISON_BITS;

	struct buffer_report r;
	memset(&r, 0x5a, sizeof r);
	compare_buffer(CJ_I32, got, want, NULL, N, &EXACT, &r);
	CHECK_UINT(r.total, ==, N);
	CHECK_UINT(r.bad, ==, 12);
	CHECK_UINT(r.unwritten, ==, 4);
	CHECK_INT(r.nshown, ==, CHECK_MAX_SHOWN);
	for (int k = 0; k < CHECK_MAX_SHOWN && k < r.nshown; ++k) {
		const struct mismatch *m = &r.shown[k];
		int i = bad_idx[k];
		CHECK_UINT(m->index, ==, i);
		CHECK_DBL(m->want, ==, 3 * i - 50);
		CHECK_DBL(m->got, ==, got[i]);
		CHECK_UINT(m->got_bits, ==, (uint32_t)got[i]);
	}
	CHECK_DBL(r.shown[0].want, ==, -41.0); /* negative values stay negative */
	CHECK_DBL(r.shown[1].got, ==, -1.0);   /* the poison, as an int */
	CHECK_UINT(r.last.index, ==, 29);
	CHECK_DBL(r.last.want, ==, 37);
	CHECK_DBL(r.last.got, ==, -1);
	CHECK_UINT(r.last.got_bits, ==, 0xffffffffu);

	/* equal buffers: nothing reported, the rest cleared */
	memset(&r, 0x5a, sizeof r);
	compare_buffer(CJ_I32, want, want, NULL, N, &EXACT, &r);
	CHECK_UINT(r.total, ==, N);
	CHECK_UINT(r.bad, ==, 0);
	CHECK_UINT(r.unwritten, ==, 0);
	CHECK_INT(r.nshown, ==, 0);

	/* integers ignore tolerances: off by one is wrong even with a loose spec */
	const struct check_spec loose = {.exact = false, .rtol = 1, .atol = 100};
	got[0] = want[0] + 1;
	compare_buffer(CJ_I32, got, want, NULL, 1, &loose, &r);
	CHECK_UINT(r.bad, ==, 1);

	/* n = 0 */
	memset(&r, 0x5a, sizeof r);
	compare_buffer(CJ_I32, got, want, NULL, 0, &EXACT, &r);
	CHECK_UINT(r.total, ==, 0);
	CHECK_UINT(r.bad, ==, 0);
	CHECK_INT(r.nshown, ==, 0);
}

/* last is the final mismatch whether or not it is also among the shown ones */
static void test_compare_last(void)
{
	int32_t want[20] = {0}, got[20] = {0};
	struct buffer_report r;
	got[7] = 1;
	compare_buffer(CJ_I32, got, want, NULL, 20, &EXACT, &r);
	CHECK_UINT(r.bad, ==, 1);
	CHECK_INT(r.nshown, ==, 1);
	CHECK_UINT(r.shown[0].index, ==, 7);
	CHECK_UINT(r.last.index, ==, 7);

	/* exactly CHECK_MAX_SHOWN mismatches */
	memset(got, 0, sizeof got);
	for (int i = 0; i < CHECK_MAX_SHOWN; ++i)
		got[2 * i] = i + 1;
	compare_buffer(CJ_I32, got, want, NULL, 20, &EXACT, &r);
	CHECK_UINT(r.bad, ==, CHECK_MAX_SHOWN);
	CHECK_INT(r.nshown, ==, CHECK_MAX_SHOWN);
	CHECK_UINT(r.last.index, ==, 2 * (CHECK_MAX_SHOWN - 1));
	CHECK_UINT(r.shown[CHECK_MAX_SHOWN - 1].index, ==, r.last.index);

	/* one more: it is not shown, but it is last */
	got[19] = 99;
	compare_buffer(CJ_I32, got, want, NULL, 20, &EXACT, &r);
	CHECK_UINT(r.bad, ==, CHECK_MAX_SHOWN + 1);
	CHECK_INT(r.nshown, ==, CHECK_MAX_SHOWN);
	CHECK_UINT(r.shown[CHECK_MAX_SHOWN - 1].index, ==, 2 * (CHECK_MAX_SHOWN - 1));
	CHECK_UINT(r.last.index, ==, 19);
	CHECK_DBL(r.last.got, ==, 99);
}

/* A big buffer is compared in chunks on every core: the report is that of
 * one pass in index order (the first mismatches across chunk borders, the
 * last one, the counts). */
static void test_compare_big_in_chunks(void)
{
	const uint64_t n = (5u << 20) + 17; /* five chunks of 1M and a short one */
	int32_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
	CHECK(want && got);
	if (!want || !got)
		return;
	/* mismatches in the second, third and last chunks, out of order of magnitude */
	const uint64_t at[] = {(1u << 20) + 5,  (1u << 20) + 6, (2u << 20) - 1, 2u << 20,
	                       (2u << 20) + 3,  (2u << 20) + 4, (2u << 20) + 9, (2u << 20) + 10,
	                       (2u << 20) + 11, n - 1};
	const size_t nat = sizeof at / sizeof *at;
	for (size_t i = 0; i < nat; ++i)
		got[at[i]] = (int32_t)i + 1;
	got[(2u << 20) + 4] = -1; /* the poison's bits: unwritten */
	struct buffer_report r;
	compare_buffer(CJ_I32, got, want, NULL, n, &EXACT, &r);
	CHECK_UINT(r.total, ==, n);
	CHECK_UINT(r.bad, ==, nat);
	CHECK_UINT(r.unwritten, ==, 1);
	CHECK_INT(r.nshown, ==, CHECK_MAX_SHOWN);
	for (int i = 0; i < CHECK_MAX_SHOWN; ++i)
		CHECK_UINT(r.shown[i].index, ==, at[i]);
	CHECK_UINT(r.last.index, ==, n - 1);
	CHECK_DBL(r.last.got, ==, (double)nat);
	free(want);
	free(got);
}

/* buffer_differs says what compare_buffer's count says: a mismatch in any
 * chunk (the first element, the last, one past a chunk's border), floats by
 * the spec, none in equal buffers. */
static void test_buffer_differs(void)
{
	const uint64_t n = (3u << 20) + 17;
	int32_t *want = calloc(n, sizeof *want), *got = calloc(n, sizeof *got);
	CHECK(want && got);
	if (!want || !got)
		return;
	CHECK(!buffer_differs(CJ_I32, got, want, NULL, n, &EXACT));
	const uint64_t at[] = {0, (1u << 20) + 1, (2u << 20) - 1, n - 1};
	for (size_t k = 0; k < sizeof at / sizeof *at; ++k) {
		got[at[k]] = -1;
		CHECK_MSG(buffer_differs(CJ_I32, got, want, NULL, n, &EXACT), "at %llu",
		          (unsigned long long)at[k]);
		CHECK_MSG(buffer_differs(CJ_U32, got, want, NULL, n, &EXACT), "at %llu",
		          (unsigned long long)at[k]);
		got[at[k]] = 0;
	}
	CHECK(!buffer_differs(CJ_I32, got, want, NULL, 0, &EXACT));
	free(want);
	free(got);

	float fw[4] = {1.0f, 2.0f, 0.0f, 4.0f}, fg[4] = {1.0f, 2.0f, -0.0f, 4.0f};
	CHECK(!buffer_differs(CJ_F32, fg, fw, NULL, 4, &EXACT));
	fg[3] = 4.0f + 4.0f * 1e-7f;
	CHECK(buffer_differs(CJ_F32, fg, fw, NULL, 4, &EXACT));
	CHECK(!buffer_differs(CJ_F32, fg, fw, NULL, 4, &TOL));
	fw[1] = NAN, fg[1] = NAN; /* NaN never matches */
	CHECK(buffer_differs(CJ_F32, fg, fw, NULL, 4, &TOL));
	fw[1] = fg[1] = 2.0f;
	double scale[4] = {0, 0, 0, 1e6};
	fg[3] = 5.0f;
	CHECK(buffer_differs(CJ_F32, fg, fw, NULL, 4, &TOL));
	CHECK(!buffer_differs(CJ_F32, fg, fw, scale, 4, &TOL));
}

static void test_compare_u32(void)
{
	uint32_t want[6] = {0, 1, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
	uint32_t got[6] = {0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu, 0xffffffffu};
	struct buffer_report r;
	compare_buffer(CJ_U32, got, want, NULL, 6, &EXACT, &r);
	CHECK_UINT(r.total, ==, 6);
	CHECK_UINT(r.bad, ==, 1);
	CHECK_UINT(r.unwritten, ==, 1);
	CHECK_UINT(r.shown[0].index, ==, 4);
	/* unsigned values are reported as such, not as negative ints */
	CHECK_DBL(r.shown[0].want, ==, 4294967294.0);
	CHECK_DBL(r.shown[0].got, ==, 4294967295.0);
	CHECK_UINT(r.shown[0].got_bits, ==, 0xffffffffu);

	got[3] = 0; /* 0x80000000 -> 0 */
	compare_buffer(CJ_U32, got, want, NULL, 6, &EXACT, &r);
	CHECK_UINT(r.bad, ==, 2);
	CHECK_UINT(r.unwritten, ==, 1);
	CHECK_UINT(r.shown[0].index, ==, 3);
	CHECK_DBL(r.shown[0].want, ==, 2147483648.0);
	CHECK_DBL(r.shown[0].got, ==, 0.0);
	CHECK_UINT(r.last.index, ==, 4);
}

static void test_compare_f32(void)
{
	enum { N = 10 };
	float want[N] = {1, -2, 0, 3.5f, 100, 1e-3f, INFINITY, -INFINITY, 0, 7};
	float got[N];
	memcpy(got, want, sizeof got);
	got[2] = -0.0f; /* fine under exact */
	struct buffer_report r;
	compare_buffer(CJ_F32, got, want, NULL, N, &EXACT, &r);
	CHECK_UINT(r.bad, ==, 0);

	got[1] = bits_to_float(CHECK_POISON_BITS); /* unwritten */
	got[4] = NAN;                              /* a NaN the code computed */
	got[6] = FLT_MAX;
	got[9] = nextafterf(7.0f, 8.0f);
	compare_buffer(CJ_F32, got, want, NULL, N, &EXACT, &r);
	CHECK_UINT(r.total, ==, N);
	CHECK_UINT(r.bad, ==, 4);
	CHECK_UINT(r.unwritten, ==, 1);
	CHECK_INT(r.nshown, ==, 4);
	CHECK_UINT(r.shown[0].index, ==, 1);
	CHECK_UINT(r.shown[0].got_bits, ==, 0xffffffffu);
	CHECK(isnan(r.shown[0].got));
	CHECK_DBL(r.shown[0].want, ==, -2);
	CHECK_UINT(r.shown[1].index, ==, 4);
	CHECK_UINT(r.shown[1].got_bits, ==, float_to_bits(NAN));
	CHECK_UINT(r.shown[2].index, ==, 6);
	CHECK(isinf(r.shown[2].want) && r.shown[2].want > 0);
	CHECK_UINT(r.shown[3].index, ==, 9);
	CHECK_UINT(r.last.index, ==, 9);

	/* with tolerance the ulp at index 9 passes, the rest does not */
	compare_buffer(CJ_F32, got, want, NULL, N, &TOL, &r);
	CHECK_UINT(r.bad, ==, 3);
	CHECK_UINT(r.last.index, ==, 6);
}

static void test_compare_f32_scale(void)
{
	float want[3] = {0, 0, 0}, got[3] = {0x1p-7f, 0x1p-7f, 0x1p-7f};
	double scale[3] = {4.0, 0.0, 1.0};
	struct buffer_report r;
	compare_buffer(CJ_F32, got, want, scale, 3, &TOL, &r);
	CHECK_UINT(r.bad, ==, 2);
	CHECK_UINT(r.shown[0].index, ==, 1);
	CHECK_UINT(r.shown[1].index, ==, 2);
	compare_buffer(CJ_F32, got, want, NULL, 3, &TOL, &r);
	CHECK_UINT(r.bad, ==, 3);
}

/* Rounds to `bits` significant bits, to nearest even: 11 is float16's
 * precision (without its range limits, which do not matter for 1..100). */
static float round_significand(float x, int bits)
{
	int e;
	double m = frexp(x, &e); /* x = m * 2^e, 0.5 <= |m| < 1 */
	return (float)ldexp(nearbyint(ldexp(m, bits)), e - bits);
}

static void test_float16_rewrite_fails(void)
{
	enum { N = 4096 };
	float *want = malloc(N * sizeof *want), *half = malloc(N * sizeof *half),
	      *ulp = malloc(N * sizeof *ulp), *zero = calloc(N, sizeof *zero);
	struct rng rng;
	rng_seed(&rng, 20240601);
	for (int i = 0; i < N; ++i) {
		/* e.g. a softmax-style or sum result of moderate size */
		want[i] = (float)rng_uniform(&rng, 1.0, 100.0);
		half[i] = round_significand(want[i], 11);
		ulp[i] = nextafterf(want[i], 1000.0f);
	}
	CHECK_DBL(round_significand(1.0f + 0x1p-11f, 11), ==, 1.0f); /* ties to even */
	CHECK_DBL(round_significand(1.0f + 0x1p-10f, 11), ==, 1.0f + 0x1p-10f);
	CHECK_DBL(round_significand(99.95f, 11), ==, 99.9375f);

	struct buffer_report r;
	/* float32 rounding noise passes */
	compare_buffer(CJ_F32, ulp, want, NULL, N, &TIGHT, &r);
	CHECK_UINT(r.bad, ==, 0);
	/* the float16 rewrite fails, and on most elements */
	compare_buffer(CJ_F32, half, want, NULL, N, &TIGHT, &r);
	CHECK_UINT(r.total, ==, N);
	CHECK_UINT(r.bad, >=, N * 3 / 4);
	CHECK_UINT(r.unwritten, ==, 0);
	CHECK_INT(r.nshown, ==, CHECK_MAX_SHOWN);
	for (int k = 0; k < r.nshown; ++k) {
		const struct mismatch *m = &r.shown[k];
		CHECK_DBL(fabs(m->got - m->want), >, 1e-4 + 1e-5 * fabs(m->want));
		CHECK_DBL(m->got, ==, half[m->index]);
		if (k)
			CHECK_UINT(m->index, >, r.shown[k - 1].index); /* in order */
	}
	/* an all-zero output fails everywhere */
	compare_buffer(CJ_F32, zero, want, NULL, N, &TIGHT, &r);
	CHECK_UINT(r.bad, ==, N);
	CHECK_UINT(r.unwritten, ==, 0);
	CHECK_UINT(r.shown[0].index, ==, 0);
	CHECK_UINT(r.last.index, ==, N - 1);
	CHECK_DBL(r.last.got, ==, 0);
	/* and so does an integer all-zero output */
	int32_t iw[4] = {1, 2, 3, 4}, iz[4] = {0};
	compare_buffer(CJ_I32, iz, iw, NULL, 4, &EXACT, &r);
	CHECK_UINT(r.bad, ==, 4);
	free(want), free(half), free(ulp), free(zero);
}

static const struct unit_test tests[] = {
        {"float_matches: NaN never matches", test_nan},
        {"float_matches: infinities", test_infinity},
        {"float_matches: +0 == -0", test_signed_zero},
        {"float_matches: exact", test_exact},
        {"float_matches: rtol and atol boundaries", test_tolerance_boundaries},
        {"float_matches: scale widens the tolerance", test_scale},
        {"compare_buffer: int32 counts and report", test_compare_i32},
        {"compare_buffer: a big buffer in chunks", test_compare_big_in_chunks},
        {"compare_buffer: last mismatch", test_compare_last},
        {"compare_buffer: uint32", test_compare_u32},
        {"compare_buffer: float32", test_compare_f32},
        {"compare_buffer: per-element scale", test_compare_f32_scale},
        {"compare_buffer: float16 rewrite and zeros fail", test_float16_rewrite_fails},
        {"buffer_differs: any mismatch, found sooner", test_buffer_differs},
        {0},
};

UNIT_MAIN(tests)
