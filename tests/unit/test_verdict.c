/*
 * Verdicts (harness/engine/verdict/verdict.c): names, parsing, corpus folders, exit
 * codes and which verdict wins when a run has several findings; the bandwidth
 * tiers of a timed case (verdict/bandwidth.c).
 */
#include <strings.h>

#include "unit.h"
#include "verdict/bandwidth.h"
#include "verdict/verdict.h"

static const struct {
	enum verdict v;
	const char *name, *folder;
	int exit_code;
} expected[] = {
        {V_AC, "AC", "accepted", 0},
        {V_WA, "WA", "wrong_answer", 1},
        {V_CE, "CE", "compile_error", 1},
        {V_RE, "RE", "run_time_error", 1},
        {V_TLE, "TLE", "time_limit_exceeded", 1},
        {V_RULE, "RULE", "rule_violation", 1},
        {V_RACE, "RACE", "race", 1},
        {V_JE, "JE", "judge_error", 2},
        {V_SKIP, "SKIP", "skipped", 0},
};
#define NEXPECTED ((int)(sizeof expected / sizeof *expected))

static void test_table_complete(void)
{
	CHECK_INT(NEXPECTED, ==, V_COUNT);
	/* every verdict has a distinct name and folder */
	for (int a = 0; a < V_COUNT; ++a)
		for (int b = a + 1; b < V_COUNT; ++b) {
			CHECK_MSG(strcmp(verdict_name(a), verdict_name(b)) != 0,
			          "%d and %d share a name", a, b);
			CHECK_MSG(strcmp(verdict_folder(a), verdict_folder(b)) != 0,
			          "%d and %d share a folder", a, b);
		}
}

static void test_names(void)
{
	for (int i = 0; i < NEXPECTED; ++i) {
		CHECK_STR_EQ(verdict_name(expected[i].v), expected[i].name);
		CHECK_INT(verdict_parse(expected[i].name), ==, expected[i].v);
	}
}

static void test_parse_case_insensitive(void)
{
	for (int i = 0; i < NEXPECTED; ++i) {
		char lower[16], mixed[16];
		snprintf(lower, sizeof lower, "%s", expected[i].name);
		snprintf(mixed, sizeof mixed, "%s", expected[i].name);
		for (char *p = lower; *p; ++p)
			*p = (char)(*p - 'A' + 'a');
		mixed[strlen(mixed) - 1] = (char)(mixed[strlen(mixed) - 1] - 'A' + 'a');
		CHECK_INT(verdict_parse(lower), ==, expected[i].v);
		CHECK_INT(verdict_parse(mixed), ==, expected[i].v);
		/* round trip through the name */
		CHECK_STR_EQ(verdict_name(verdict_parse(lower)), expected[i].name);
	}
	CHECK_INT(verdict_parse("Tle"), ==, V_TLE);
	CHECK_INT(verdict_parse("rAcE"), ==, V_RACE);
}

static void test_parse_unknown(void)
{
	static const char *const bad[] = {"",   "A",    "ACC", "AC ",  " AC",  "accepted", "W A",
	                                  "TL", "TLEX", "OK",  "PASS", "WA\n", "JE2",      NULL};
	for (int i = 0; bad[i]; ++i)
		CHECK_MSG(verdict_parse(bad[i]) == -1, "'%s' parsed as %d", bad[i],
		          verdict_parse(bad[i]));
	CHECK_INT(verdict_parse(NULL), ==, -1);
}

static void test_folders(void)
{
	for (int i = 0; i < NEXPECTED; ++i)
		CHECK_STR_EQ(verdict_folder(expected[i].v), expected[i].folder);
}

static void test_exit_codes(void)
{
	for (int i = 0; i < NEXPECTED; ++i)
		CHECK_MSG(verdict_exit_code(expected[i].v) == expected[i].exit_code,
		          "%s: exit code %d, want %d", expected[i].name,
		          verdict_exit_code(expected[i].v), expected[i].exit_code);
}

static void test_out_of_range(void)
{
	CHECK(verdict_name(V_COUNT) == NULL);
	CHECK(verdict_name((enum verdict) - 1) == NULL);
	CHECK(verdict_name((enum verdict)1000) == NULL);
	CHECK(verdict_folder(V_COUNT) == NULL);
	CHECK(verdict_folder((enum verdict) - 1) == NULL);
	/* an unknown verdict is the judge's failure */
	CHECK_INT(verdict_exit_code(V_COUNT), ==, 2);
	CHECK_INT(verdict_exit_code((enum verdict) - 1), ==, 2);
	/* and loses to any real one */
	for (int v = 0; v < V_COUNT; ++v) {
		CHECK_INT(verdict_worse(V_COUNT, v), ==, v);
		CHECK_INT(verdict_worse(v, V_COUNT), ==, v);
		CHECK_INT(verdict_worse((enum verdict) - 1, v), ==, v);
		CHECK_INT(verdict_worse(v, (enum verdict) - 7), ==, v);
	}
}

static void test_worse(void)
{
	for (int v = 0; v < V_COUNT; ++v) {
		/* JE beats everything, in either order */
		CHECK_INT(verdict_worse(V_JE, v), ==, V_JE);
		CHECK_INT(verdict_worse(v, V_JE), ==, V_JE);
		/* AC loses to everything */
		CHECK_INT(verdict_worse(V_AC, v), ==, v);
		CHECK_INT(verdict_worse(v, V_AC), ==, v);
		/* idempotent */
		CHECK_INT(verdict_worse(v, v), ==, v);
	}
	CHECK_INT(verdict_worse(V_WA, V_CE), ==, V_CE);
	CHECK_INT(verdict_worse(V_CE, V_WA), ==, V_CE);
	CHECK_INT(verdict_worse(V_WA, V_TLE), ==, V_TLE); /* a TLE after a WA wins */
	CHECK_INT(verdict_worse(V_TLE, V_WA), ==, V_TLE);
	CHECK_INT(verdict_worse(V_WA, V_RE), ==, V_RE);
	CHECK_INT(verdict_worse(V_RE, V_WA), ==, V_RE);
	CHECK_INT(verdict_worse(V_SKIP, V_WA), ==, V_WA);
	CHECK_INT(verdict_worse(V_AC, V_SKIP), ==, V_SKIP);
	/* a learner failure never turns back into AC or SKIP */
	int failures[] = {V_WA, V_CE, V_RE, V_TLE, V_RULE, V_RACE};
	for (int a = 0; a < 6; ++a)
		for (int b = 0; b < 6; ++b) {
			enum verdict w = verdict_worse(failures[a], failures[b]);
			CHECK((int)w == failures[a] || (int)w == failures[b]);
			CHECK_INT(verdict_exit_code(w), ==, 1);
		}
}

/* verdict_worse is a total order: commutative and associative. */
static void test_worse_is_an_order(void)
{
	for (int a = 0; a < V_COUNT; ++a)
		for (int b = 0; b < V_COUNT; ++b) {
			enum verdict ab = verdict_worse(a, b), ba = verdict_worse(b, a);
			CHECK_MSG(ab == ba, "worse(%s, %s) = %s but worse(%s, %s) = %s",
			          verdict_name(a), verdict_name(b), verdict_name(ab),
			          verdict_name(b), verdict_name(a), verdict_name(ba));
			CHECK((int)ab == a || (int)ab == b);
			for (int c = 0; c < V_COUNT; ++c)
				CHECK(verdict_worse(verdict_worse(a, b), c) ==
				      verdict_worse(a, verdict_worse(b, c)));
		}
}

/* 1 GB in 0.25 ms is 4000 GB/s: of a 4000 GB/s copy 100 %. */
static struct timing timed(double median_ms, double copy_gbps)
{
	struct timing t = {.have = true, .median_ms = median_ms, .copy_gbps = copy_gbps};
	return t;
}

static void test_bandwidth_against_the_copy(void)
{
	struct perf_spec perf = {.n = 1000000000, .bytes_per_elem = 1, .bandwidth = true};
	struct timing t = timed(0.25 / 0.905, 4000); /* 90.5 % */
	grade_bandwidth(&t, &perf);
	CHECK_DBL(t.gbps, >, 3619);
	CHECK_DBL(t.pct_of_copy, >, 90.4);
	CHECK_STR_EQ(t.tier, "gold");
	CHECK_DBL(t.ceiling_pct, ==, 0);
	t = timed(0.25 / 0.85, 4000);
	grade_bandwidth(&t, &perf);
	CHECK_STR_EQ(t.tier, "silver");
	t = timed(0.25 / 0.55, 4000);
	grade_bandwidth(&t, &perf);
	CHECK_STR_EQ(t.tier, "bronze");
	t = timed(0.25 / 0.45, 4000);
	grade_bandwidth(&t, &perf);
	CHECK(t.tier == NULL);
	t = timed(0.25, 0); /* no device measured: GB/s, no percent, no tier */
	grade_bandwidth(&t, &perf);
	CHECK_DBL(t.gbps, ==, 4000);
	CHECK_DBL(t.pct_of_copy, ==, 0);
	CHECK(t.tier == NULL);
}

static void test_bandwidth_against_a_ceiling(void)
{
	struct perf_spec perf = {.n = 1000000000,
	                         .bytes_per_elem = 1,
	                         .bandwidth = true,
	                         .ceiling_pct = 50,
	                         .ceiling_why = {"one at a time", "一次一个"}};
	struct timing t = timed(0.25 / 0.46, 4000); /* 46 % of the copy, 92 % of the ceiling */
	grade_bandwidth(&t, &perf);
	CHECK_DBL(t.pct_of_copy, <, 46.1);
	CHECK_DBL(t.ceiling_gbps, ==, 2000);
	CHECK_DBL(t.pct_of_ceiling, >, 91.9);
	CHECK_DBL(t.pct_of_ceiling, <, 92.1);
	CHECK_STR_EQ(t.tier, "gold"); /* of the ceiling, not of the copy */
	CHECK_STR_EQ(t.ceiling_why.en, "one at a time");
	t = timed(0.25 / 0.2, 4000); /* 40 % of the ceiling */
	grade_bandwidth(&t, &perf);
	CHECK(t.tier == NULL);
}

static void test_no_bandwidth(void)
{
	struct perf_spec perf = {.n = 1000000000, .bytes_per_elem = 1, .bandwidth = false};
	struct timing t = timed(0.25, 4000);
	grade_bandwidth(&t, &perf);
	CHECK(!t.bandwidth);
	CHECK_DBL(t.gbps, ==, 0);
	CHECK_DBL(t.pct_of_copy, ==, 0);
	CHECK(t.tier == NULL);
}

static const struct unit_test tests[] = {
        {"bandwidth against the copy", test_bandwidth_against_the_copy},
        {"bandwidth against the exercise's ceiling", test_bandwidth_against_a_ceiling},
        {"a time not about bandwidth", test_no_bandwidth},
        {"every verdict has a row", test_table_complete},
        {"names", test_names},
        {"parse is case-insensitive", test_parse_case_insensitive},
        {"parse rejects unknown names", test_parse_unknown},
        {"corpus folders", test_folders},
        {"exit codes", test_exit_codes},
        {"out of range", test_out_of_range},
        {"verdict_worse ordering", test_worse},
        {"verdict_worse is a total order", test_worse_is_an_order},
        {0},
};

UNIT_MAIN(tests)
