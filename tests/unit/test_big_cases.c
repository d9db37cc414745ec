/* The exercises' big cases, made on every core (harness/problems/common/
 * case_table.h): which cases are drawn in parallel, and, for every exercise
 * whose timed case is made that way, that its golden outputs are what a
 * plain loop over its inputs gives and that it comes out the same twice. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/case_table.h"
#include "common/value_pool.h"
#include "problem.h"
#include "rng.h"
#include "run/cases.h"
#include "unit.h"

/* The timed case's size here: not a multiple of a run, block or chunk, so
 * that the last of each is partial; big, so that its inputs are drawn in
 * chunks, and small enough to be made in well under a second. */
#define TIMED_N 3000017

/* ---- which cases are drawn in parallel ---------------------------------- */

static bool drawn_in_parallel[16];
static int made;

static void note_parallel(struct case_set *set, struct rng *rng, struct jcase *c, const void *row)
{
	(void)set, (void)rng, (void)row;
	if (made < 16)
		drawn_in_parallel[made++] = c->parallel;
}

/* A small and a big case of the GPU only, a small one, a big one of the GPU
 * only, one of the emulator only, the timed one. */
static const struct case_row table_rows[] = {
        {{"a", "a"}, {10}},           {{"b", "b"}, {BIG_CASE}, GPU_ONLY},
        {{"c", "c"}, {10}},           {{"d", "d"}, {2 * BIG_CASE}, GPU_ONLY},
        {{"e", "e"}, {EMU_ONLY}, 20}, {{"timed", "timed"}, {PERF_N}},
};
static const struct case_table table = {TABLE(table_rows), note_parallel};

/* Cases of param[1] trials of param[0] elements: the second one is big. */
static int64_t trials_of(const void *row, int64_t size)
{
	return size * ((const struct case_row *)row)->param[1];
}
static const struct case_row trial_rows[] = {
        {{"a", "a"}, {10, 3}},
        {{"b", "b"}, {BIG_CASE / 4, 4}},
};
static const struct case_table trials_table = {TABLE(trial_rows), note_parallel, trials_of};

/* The parallel flags of the cases the plan makes from table t, as a string
 * of 0 and 1. */
static const char *flags_of(const struct case_table *t, bool timed, bool emulated, int64_t perf_n)
{
	static char s[17];
	struct case_set set;
	char err[256];
	made = 0;
	if (case_set_init(&set, 1 << 20, err, sizeof err) != 0) {
		CHECK_MSG(false, "%s", err);
		return "";
	}
	struct problem_entry e = {.id = "table", .perf = {.n = perf_n}};
	struct case_plan plan = {.timed = timed, .emulated = emulated};
	struct rng rng;
	rng_seed(&rng, 1);
	case_table_add(&set, &rng, &e, &plan, t);
	case_set_free(&set);
	for (int i = 0; i < made; ++i)
		s[i] = drawn_in_parallel[i] ? '1' : '0';
	s[made] = 0;
	return s;
}

static const char *flags(bool timed, bool emulated, int64_t perf_n)
{
	return flags_of(&table, timed, emulated, perf_n);
}

static void test_parallel_when_no_small_case_follows(void)
{
	/* b is big but c follows it: b keeps its draws, and so does c */
	CHECK_STR_EQ(flags(true, false, 4 * BIG_CASE), "00011");
	CHECK_STR_EQ(flags(false, false, 4 * BIG_CASE), "0001");
	CHECK_STR_EQ(flags(true, false, 1000), "00000"); /* a small timed case */
	CHECK_STR_EQ(flags(false, true, 0), "000");
	CHECK_STR_EQ(flags(true, true, BIG_CASE), "0001");
	/* the elements of all its trials make a case big */
	CHECK_STR_EQ(flags_of(&trials_table, false, false, 0), "01");
}

/* ---- the goldens of the timed cases, recomputed by plain loops ---------- */

/* The timed case of exercise `id` at TIMED_N elements, made in `set`. The
 * emulator's plan keeps the other cases small. */
static struct jcase *make_timed(struct case_set *set, const char *id, uint64_t seed)
{
	const struct problem *p = problem_find(id);
	char err[256];
	if (!p || case_set_init(set, (uint64_t)2 << 30, err, sizeof err) != 0) {
		CHECK_MSG(false, "%s: %s", id, p ? err : "no such exercise");
		return NULL;
	}
	struct problem_entry e = {.id = (char *)id, .perf = {.n = TIMED_N}};
	struct case_plan plan = {.timed = true, .emulated = true};
	struct rng rng;
	rng_seed(&rng, seed);
	p->make_cases(set, &rng, &e, &plan);
	struct jcase *c = &set->cases[set->n - 1];
	CHECK_MSG(c->timed && c->parallel, "%s: the last case is %s, %s in parallel", id, c->name,
	          c->parallel ? "drawn" : "not drawn");
	return c;
}

/* Buffer b's inputs and golden outputs, as ints and floats. */
#define IN_I(c, b) ((const int32_t *)(c)->buf[b].data)
#define WANT_I(c, b) ((const int32_t *)(c)->buf[b].expect)
#define IN_F(c, b) ((const float *)(c)->buf[b].data)
#define WANT_F(c, b) ((const float *)(c)->buf[b].expect)

/* Each returns how many golden values differ from the plain loop's; the
 * buffers and param[] are in the order of the exercise's layout.h. A float
 * summed in the same order must be the same float. */

static int64_t warp_scan(const struct jcase *c) /* in, out; passes 1 */
{
	int64_t n = c->param[0], wrong = c->param[2] != 1;
	uint32_t run = 0;
	for (int64_t i = 0; i < n; ++i) {
		run = (i % 32 ? run : 0) + (uint32_t)IN_I(c, 0)[i];
		wrong += WANT_I(c, 1)[i] != (int32_t)run;
	}
	return wrong;
}

static int64_t warp_reduce(const struct jcase *c) /* x, sums; calls 1 */
{
	int64_t n = c->param[0], wrong = c->param[2] != 1;
	for (int64_t r = 0; r * 32 < n; ++r) {
		double s = 0, m = 0;
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i) {
			s += IN_F(c, 0)[i];
			m += fabs(IN_F(c, 0)[i]);
		}
		wrong += WANT_F(c, 1)[r] != (float)s || c->buf[1].scale[r] != m;
	}
	return wrong;
}

static int64_t warp_allreduce(const struct jcase *c) /* x, sums, maxs; passes 1 */
{
	int64_t n = c->param[0], wrong = c->param[2] != 1;
	for (int64_t r = 0; r * 32 < n; ++r) {
		double s = 0;
		float mx = -INFINITY;
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i) {
			s += IN_F(c, 0)[i];
			mx = fmaxf(mx, IN_F(c, 0)[i]);
		}
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i)
			wrong += WANT_F(c, 1)[i] != (float)s || WANT_F(c, 2)[i] != mx;
	}
	return wrong;
}

static int64_t warp_vote(const struct jcase *c) /* x, count, flags */
{
	int64_t n = c->param[0], wrong = 0;
	for (int64_t r = 0; r * 32 < n; ++r) {
		int32_t votes = 0;
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i)
			votes += IN_I(c, 0)[i] > 0;
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i)
			wrong += WANT_I(c, 1)[i] != votes ||
			         WANT_I(c, 2)[i] != ((votes > 0) | (votes == 32) << 1);
	}
	return wrong;
}

/* x, offset (an input: the values kept before each run), out, counts; t */
static int64_t warp_compact(const struct jcase *c)
{
	int64_t n = c->param[0], t = c->param[3], wrong = 0, kept = 0;
	for (int64_t r = 0; r * 32 < n; ++r) {
		wrong += IN_I(c, 1)[r] != kept;
		int64_t before = kept;
		for (int64_t i = r * 32; i < r * 32 + 32 && i < n; ++i)
			if (IN_I(c, 0)[i] >= t) {
				wrong += kept >= (int64_t)c->buf[2].count ||
				         WANT_I(c, 2)[kept] != IN_I(c, 0)[i];
				++kept;
			}
		wrong += WANT_I(c, 3)[r] != kept - before;
	}
	return wrong + (kept != (int64_t)c->buf[2].count);
}

static int64_t block_scan(const struct jcase *c) /* in, out, totals; block, items, tiles */
{
	int64_t n = c->param[0], tile = c->param[1] * c->param[2], seg = tile * c->param[3];
	int64_t wrong = 0;
	uint32_t run = 0, tile_sum = 0;
	for (int64_t i = 0; i < (int64_t)c->buf[2].count * tile; ++i) {
		uint32_t v = i < n ? (uint32_t)IN_I(c, 0)[i] : 0;
		run = (i % seg ? run : 0) + v;
		tile_sum = (i % tile ? tile_sum : 0) + v;
		wrong += i < n && WANT_I(c, 1)[i] != (int32_t)run;
		wrong += i % tile == tile - 1 && WANT_I(c, 2)[i / tile] != (int32_t)tile_sum;
	}
	return wrong;
}

static int64_t shared_reduce(const struct jcase *c) /* x, sums; block */
{
	int64_t n = c->param[0], block = c->param[1], wrong = 0;
	uint32_t s = 0;
	for (int64_t i = 0; i < n; ++i) {
		s = (i % block ? s : 0) + (uint32_t)IN_I(c, 0)[i];
		wrong += (i % block == block - 1 || i == n - 1) &&
		         WANT_I(c, 1)[i / block] != (int32_t)s;
	}
	return wrong;
}

/* x, y, sums: every `span` elements summed, the sum due `copies` times */
static int64_t block_sums(const struct jcase *c, int64_t span, int64_t copies)
{
	int64_t n = c->param[0], wrong = 0;
	double s = 0, m = 0;
	for (int64_t i = 0; i < n; ++i) {
		s = (i % span ? s : 0) + IN_F(c, 0)[i];
		m = (i % span ? m : 0) + fabs(IN_F(c, 0)[i]);
		if (i % span == span - 1 || i == n - 1)
			for (int64_t k = i / span * copies; k < (i / span + 1) * copies; ++k)
				wrong += WANT_F(c, 2)[k] != (float)s || c->buf[2].scale[k] != m;
	}
	return wrong;
}

static int64_t block_reduce_sum(const struct jcase *c) /* block, items, calls 1 */
{
	return block_sums(c, c->param[1] * c->param[2], 1) + (c->param[3] != 1);
}

static int64_t cg_reduce(const struct jcase *c) /* T, bx, by, bz, items, calls 1 */
{
	return block_sums(c, c->param[1] * c->param[5], c->param[1]) + (c->param[6] != 1);
}

static int64_t transpose(const struct jcase *c) /* in, out; rows, cols */
{
	int64_t rows = c->param[2], cols = c->param[3], wrong = rows * cols != c->param[0];
	for (int64_t y = 0; y < rows; ++y)
		for (int64_t k = 0; k < cols; ++k)
			wrong += WANT_F(c, 1)[k * rows + y] != IN_F(c, 0)[y * cols + k];
	return wrong;
}

static int64_t smem_reverse(const struct jcase *c) /* in, out */
{
	int64_t n = c->param[0], wrong = 0;
	for (int64_t i = 0; i < n; ++i)
		wrong += WANT_I(c, 1)[n - 1 - i] != IN_I(c, 0)[i];
	return wrong;
}

static int64_t grid_stride(const struct jcase *c) /* x, y (in-out); a's bits */
{
	float a;
	uint32_t bits = (uint32_t)c->param[3];
	memcpy(&a, &bits, sizeof a);
	int64_t n = c->param[0], wrong = 0;
	for (int64_t i = 0; i < n; ++i)
		wrong += WANT_F(c, 1)[i] != (float)((double)a * IN_F(c, 0)[i] + IN_F(c, 1)[i]);
	return wrong;
}

static int64_t histogram(const struct jcase *c) /* data, bins (in-out); nbins */
{
	int64_t n = c->param[0], nbins = c->param[3], wrong = 0;
	uint32_t *count = calloc((size_t)nbins, sizeof *count);
	for (int64_t i = 0; i < n; ++i)
		if (IN_I(c, 0)[i] >= 0 && IN_I(c, 0)[i] < nbins)
			count[IN_I(c, 0)[i]]++;
	for (int64_t b = 0; b < nbins; ++b)
		wrong += (uint32_t)WANT_I(c, 1)[b] != (uint32_t)IN_I(c, 1)[b] + count[b];
	free(count);
	return wrong;
}

/* A sum in one loop and one of 64K-element pieces differ in a double's last
 * bits: a float made from them is the same or next to it. */
static bool close_to(double got, double want)
{
	return fabs(got - want) <= 1e-6 * fabs(want);
}

static int64_t global_softmax(const struct jcase *c) /* x, y, parts; blocks, slice */
{
	const float *x = IN_F(c, 0);
	int64_t n = c->param[0], blocks = c->param[2], slice = c->param[3], wrong = 0;
	double m = -INFINITY, s = 0;
	for (int64_t i = 0; i < n; ++i)
		m = fmax(m, x[i]);
	for (int64_t i = 0; i < n; ++i)
		s += exp(x[i] - m);
	for (int64_t i = 0; i < n; ++i)
		wrong += !close_to(WANT_F(c, 1)[i], exp(x[i] - m) / s);
	for (int64_t b = 0; b < blocks; ++b) {
		double bm = -INFINITY, bs = 0;
		for (int64_t i = b * slice; i < (b + 1) * slice && i < n; ++i)
			bm = fmax(bm, x[i]);
		for (int64_t i = b * slice; i < (b + 1) * slice && i < n; ++i)
			bs += exp(x[i] - bm);
		wrong += WANT_F(c, 2)[2 * b] != (float)bm || WANT_F(c, 2)[2 * b + 1] != (float)bs;
	}
	return wrong;
}

/* x, y; rows, len: each row's softmax in double, its maximum subtracted */
static int64_t row_softmax(const struct jcase *c)
{
	int64_t rows = c->param[0], len = c->param[1], wrong = rows != TIMED_N / len;
	for (int64_t r = 0; r < rows; ++r) {
		const float *x = IN_F(c, 0) + r * len;
		double m = -INFINITY, s = 0;
		for (int64_t j = 0; j < len; ++j)
			m = fmax(m, x[j]);
		for (int64_t j = 0; j < len; ++j)
			s += exp(x[j] - m);
		for (int64_t j = 0; j < len; ++j)
			wrong += WANT_F(c, 1)[r * len + j] != (float)(exp(x[j] - m) / s);
	}
	return wrong;
}

static int64_t last_block_reduce(const struct jcase *c) /* x, partials, arrived, totals */
{
	int64_t n = c->param[0], trials = c->param[1], wrong = 0;
	for (int64_t t = 0; t < trials; ++t) {
		double s = 0, m = 0;
		for (int64_t i = t * n; i < (t + 1) * n; ++i) {
			s += IN_F(c, 0)[i];
			m += fabs(IN_F(c, 0)[i]);
		}
		wrong += !close_to(WANT_F(c, 3)[t], s) || !close_to(c->buf[3].scale[t], m);
	}
	return wrong;
}

/* msg, box (in-out), flags (in-out), got; channels, words, trials */
static int64_t mailbox(const struct jcase *c)
{
	int64_t per_trial = c->param[0] * c->param[1], trials = c->param[2], wrong = 0;
	for (int64_t i = 0; i < per_trial * trials; ++i)
		wrong += WANT_I(c, 3)[i] != IN_I(c, 0)[i];
	for (int64_t i = 0; i < per_trial; ++i)
		wrong += WANT_I(c, 1)[i] != IN_I(c, 0)[(trials - 1) * per_trial + i];
	return wrong;
}

/* vals, slot_of, slots (in-out); n, block, slots: every address's largest,
 * the first of equal ones (+0.0, -0.0) as an atomic max in order leaves it */
static int64_t atomic_max_float(const struct jcase *c)
{
	int64_t n = c->param[0], nslots = c->param[2], wrong = 0;
	float *most = malloc((size_t)nslots * sizeof *most);
	memcpy(most, c->buf[2].data, (size_t)nslots * sizeof *most);
	for (int64_t i = 0; i < n; ++i)
		if (IN_F(c, 0)[i] > most[IN_I(c, 1)[i]])
			most[IN_I(c, 1)[i]] = IN_F(c, 0)[i];
	for (int64_t j = 0; j < nslots; ++j)
		wrong += memcmp(&most[j], &WANT_F(c, 2)[j], sizeof *most) != 0;
	free(most);
	return wrong;
}

/* in, out: out[i] the logistic map's `steps` steps (`odd_steps` at an odd
 * i) from in[i], on a sample of the elements (thousands of steps each) */
static int64_t logistic(const struct jcase *c, float r, int steps, float odd_r, int odd_steps)
{
	int64_t n = c->param[0], wrong = 0;
	for (int64_t i = 0; i < n; i += i % 2 ? 1019 : 1) {
		struct logistic_map m = i % 2 ? (struct logistic_map){odd_r, odd_steps}
		                              : (struct logistic_map){r, steps};
		float v = logistic_map_run(&m, IN_F(c, 0)[i]);
		wrong += WANT_F(c, 1)[i] != v;
	}
	return wrong;
}

static int64_t branch_by_warp(const struct jcase *c) /* path_a, path_b */
{
	return logistic(c, 3.9f, 512, 3.7f, 384);
}

static int64_t stream_overlap(const struct jcase *c) /* transform */
{
	return logistic(c, 3.8f, 2048, 3.8f, 2048);
}

static int64_t event_dependency(const struct jcase *c) /* in, out */
{
	int64_t n = c->param[0], wrong = 0;
	for (int64_t i = 0; i < n; ++i)
		wrong += WANT_F(c, 1)[i] !=
		         (2 * IN_F(c, 0)[i] + 1) + (2 * IN_F(c, 0)[n - 1 - i] + 1);
	return wrong;
}

static const struct {
	const char *id;
	int64_t (*wrong)(const struct jcase *c);
} exercises[] = {
        {"warp_scan", warp_scan},
        {"warp_reduce", warp_reduce},
        {"warp_allreduce", warp_allreduce},
        {"warp_vote", warp_vote},
        {"warp_compact", warp_compact},
        {"block_scan", block_scan},
        {"shared_reduce", shared_reduce},
        {"block_reduce_sum", block_reduce_sum},
        {"cg_reduce", cg_reduce},
        {"transpose", transpose},
        {"smem_reverse", smem_reverse},
        {"grid_stride", grid_stride},
        {"histogram", histogram},
        {"global_softmax", global_softmax},
        {"warp_softmax", row_softmax},
        {"block_softmax", row_softmax},
        {"last_block_reduce", last_block_reduce},
        {"message_passing", mailbox},
        {"atomic_ref_flag", mailbox},
        {"atomic_max_float", atomic_max_float},
        {"branch_by_warp", branch_by_warp},
        {"stream_overlap", stream_overlap},
        {"event_dependency", event_dependency},
};

/* Whether the two cases hold the same bytes: inputs, goldens and scales. */
static bool same_case(const struct jcase *a, const struct jcase *b)
{
	if (a->nbuf != b->nbuf || memcmp(a->param, b->param, sizeof a->param) != 0)
		return false;
	for (int k = 0; k < a->nbuf; ++k) {
		const struct jbuf *x = &a->buf[k], *y = &b->buf[k];
		size_t bytes = x->count * CJ_ELEM_SIZE;
		if (x->count != y->count || (!x->expect) != (!y->expect) ||
		    (!x->scale) != (!y->scale))
			return false;
		if (x->role != CJ_OUT && memcmp(x->data, y->data, bytes) != 0)
			return false;
		if (x->expect && memcmp(x->expect, y->expect, bytes) != 0)
			return false;
		if (x->scale && memcmp(x->scale, y->scale, x->count * sizeof *x->scale) != 0)
			return false;
	}
	return true;
}

static void test_goldens_of_the_timed_cases(void)
{
	for (size_t k = 0; k < sizeof exercises / sizeof *exercises; ++k) {
		struct case_set one, two;
		struct jcase *a = make_timed(&one, exercises[k].id, 26);
		struct jcase *b = make_timed(&two, exercises[k].id, 26);
		if (a && b) {
			int64_t wrong = exercises[k].wrong(a);
			CHECK_MSG(wrong == 0, "%s: %lld golden values differ from a plain loop's",
			          exercises[k].id, (long long)wrong);
			CHECK_MSG(same_case(a, b), "%s: made twice, the timed case differs",
			          exercises[k].id);
		}
		if (a)
			case_set_free(&one);
		if (b)
			case_set_free(&two);
	}
}

/* The checks above can fail: a golden value changed by one is found. */
static void test_a_wrong_golden_is_found(void)
{
	struct case_set set;
	struct jcase *c = make_timed(&set, "warp_scan", 7);
	if (!c)
		return;
	int32_t *want = c->buf[1].expect;
	want[TIMED_N / 2] += 1;
	CHECK_INT(warp_scan(c), ==, 1);
	case_set_free(&set);
}

static const struct unit_test tests[] = {
        {"a big case is drawn in parallel when no small case follows it",
         test_parallel_when_no_small_case_follows},
        {"the timed cases' goldens are a plain loop's, and the same twice",
         test_goldens_of_the_timed_cases},
        {"a wrong golden value is found", test_a_wrong_golden_is_found},
        {0},
};

UNIT_MAIN(tests)
