/*
 * The grading policy loader (harness/engine/policy.c): defaults, a full
 * policy, alias resolution against the catalog, the JSON form, instants, and
 * one malformed policy per kind of mistake, each of which must give one
 * message "<shown path>:LINE:COLUMN: what is wrong".
 *
 * Usage: test_policy SOURCE_ROOT [TEST...]   (SOURCE_ROOT holds problems.yaml)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config/catalog.h"
#include "report/lang.h"
#include "policy.h"
#include "../unit/unit.h"

static const char *source_root = ".";
static struct catalog cat;
static bool have_cat;

static const struct catalog *catalog(void)
{
	if (!have_cat) {
		char err[1024];
		char *path = xasprintf("%s/problems.yaml", source_root);
		int rc = catalog_load(path, "problems.yaml", &cat, err, sizeof err);
		free(path);
		if (rc != 0) {
			fprintf(stderr, "cannot load the catalog: %s\n", err);
			exit(99);
		}
		have_cat = true;
	}
	return &cat;
}

static int parse(const char *text, struct policy *p, char *err, size_t errlen, bool with_cat)
{
	return policy_parse(text, strlen(text), "policy.yaml", with_cat ? catalog() : NULL, p, err,
	                    errlen);
}

/* The error of a malformed policy, or "" when it loaded (a failure then). */
static const char *error_of(const char *text)
{
	static char err[1024];
	struct policy p;
	err[0] = 0;
	if (parse(text, &p, err, sizeof err, true) == 0) {
		policy_free(&p);
		snprintf(err, sizeof err, "(loaded without an error)");
	}
	return err;
}

/* The policy as `cudajudge policy` prints it (policy_json) holds part. */
static void check_json(const struct policy *p, const char *part)
{
	struct strbuf b = {0};
	policy_json(&b, p);
	char *json = sb_take(&b);
	CHECK_CONTAINS(json, part);
	free(json);
}

static void test_empty_is_every_default(void)
{
	struct policy p;
	char err[512];
	CHECK_INT(parse("", &p, err, sizeof err, true), ==, 0);
	/* every setting, as the driver reads them */
	check_json(&p,
	           "\"course\":null,\"language\":\"en\",\"seed\":1,\"seed_per_student\":false,"
	           "\"round\":2,\"deadline\":null,\"deadline_epoch\":null,\"deadline_local\":null,"
	           "\"allow_without_nvcc\":false,"
	           "\"late\":{\"penalty_per_day\":0,\"max_days\":null,\"grace_minutes\":0},"
	           "\"penalties\":{\"RULE\":100,\"RACE\":100,\"speed\":50},"
	           "\"performance\":{\"method\":\"ratio\",\"runs\":3,\"full_at\":1.2,"
	           "\"none_beyond\":10,\"tiers\":{\"bronze\":0.5,\"silver\":0.8,\"gold\":1}}");
	CHECK(!p.has_deadline);
	CHECK(p.all_exercises);
	CHECK_INT(p.nexercises, ==, catalog()->n);
	CHECK_DBL(p.exercises[0].points, ==, 10);
	policy_free(&p);
	/* Without a catalog there is nothing to list. */
	CHECK_INT(parse("# only a comment\n", &p, err, sizeof err, false), ==, 0);
	CHECK_INT(p.nexercises, ==, 0);
	policy_free(&p);
}

static const char full_policy[] = "course: \"Parallel Programming\"\n"
                                  "language: zh\n"
                                  "seed: 18446744073709551615\n"
                                  "seed_per_student: true\n"
                                  "round: 1\n"
                                  "deadline: \"2026-12-15T23:59:00+08:00\"\n"
                                  "late: {penalty_per_day: 10, max_days: 5, grace_minutes: 15}\n"
                                  "penalties: {RULE: 100, RACE: 50, speed: 25}\n"
                                  "performance:\n"
                                  "  method: tier\n"
                                  "  runs: 5\n"
                                  "  full_at: 1.5\n"
                                  "  none_beyond: 8\n"
                                  "  tiers: {bronze: 0.25, silver: 0.75, gold: 1}\n"
                                  "exercises:\n"
                                  "  - id: warp_inclusive_scan\n" /* an alias of warp_scan */
                                  "    points: 6\n"
                                  "    performance: 4\n"
                                  "    correctness: per_case\n"
                                  "    canvas: 4711\n"
                                  "    cases:\n"
                                  "      - {case: 1, weight: 2}\n"
                                  "      - {case: 3, hidden: true}\n"
                                  "  - id: block_reduce_sum\n";

static void test_full_policy(void)
{
	struct policy p;
	char err[512] = "";
	CHECK_INT(parse(full_policy, &p, err, sizeof err, true), ==, 0);
	CHECK_STR_EQ(err, "");
	CHECK_STR_EQ(p.course, "Parallel Programming");
	CHECK(p.seed == UINT64_MAX);
	CHECK(p.has_deadline);
	CHECK_STR_EQ(p.deadline_text, "2026-12-15T15:59:00Z");
	CHECK(!p.all_exercises);
	/* every setting, as the driver reads them */
	check_json(
	        &p,
	        "{\"schema\":\"cudajudge-policy/1\",\"course\":\"Parallel Programming\","
	        "\"language\":\"zh\",\"seed\":18446744073709551615,\"seed_per_student\":true,"
	        "\"round\":1,\"deadline\":\"2026-12-15T15:59:00Z\",\"deadline_epoch\":1797350340,"
	        "\"deadline_local\":\"2026-12-15T23:59:00+08:00\",\"allow_without_nvcc\":false,"
	        "\"late\":{\"penalty_per_day\":10,\"max_days\":5,\"grace_minutes\":15},"
	        "\"penalties\":{\"RULE\":100,\"RACE\":50,\"speed\":25},"
	        "\"performance\":{\"method\":\"tier\",\"runs\":5,\"full_at\":1.5,"
	        "\"none_beyond\":8,\"tiers\":{\"bronze\":0.25,\"silver\":0.75,\"gold\":1}}");
	CHECK_INT(p.nexercises, ==, 2);
	CHECK_STR_EQ(p.exercises[0].id, "warp_scan");
	CHECK_DBL(p.exercises[0].points, ==, 6);
	CHECK_DBL(p.exercises[0].performance, ==, 4);
	CHECK_INT(p.exercises[0].correctness, ==, CORRECTNESS_PER_CASE);
	CHECK_INT(p.exercises[0].canvas, ==, 4711);
	CHECK_INT(p.exercises[0].ncases, ==, 2);
	CHECK_DBL(p.exercises[0].cases[0].weight, ==, 2);
	CHECK(!p.exercises[0].cases[0].hidden);
	CHECK_INT(p.exercises[0].cases[1].index, ==, 3);
	CHECK_DBL(p.exercises[0].cases[1].weight, ==, 1);
	CHECK(p.exercises[0].cases[1].hidden);
	CHECK_DBL(p.exercises[1].points, ==, 10);
	CHECK_INT(p.exercises[1].correctness, ==, CORRECTNESS_ALL);

	check_json(&p, "{\"id\":\"warp_scan\",\"points\":6,\"performance\":4,"
	               "\"correctness\":\"per_case\",\"canvas\":4711,\"cases\":[{\"case\":1,"
	               "\"weight\":2,\"hidden\":false},{\"case\":3,\"weight\":1,\"hidden\":true}]");
	policy_free(&p);
}

static void test_instants(void)
{
	int64_t t = 0;
	CHECK_INT(policy_parse_instant("1970-01-01T00:00:00Z", &t), ==, 0);
	CHECK_INT(t, ==, 0);
	CHECK_INT(policy_parse_instant("2026-12-15", &t), ==, 0);
	CHECK_INT(t, ==, 1797292800);
	CHECK_INT(policy_parse_instant("2026-12-15 23:59", &t), ==, 0);
	CHECK_INT(t, ==, 1797292800 + 23 * 3600 + 59 * 60);
	CHECK_INT(policy_parse_instant("2024-02-29T12:00:00-05:30", &t), ==, 0);
	CHECK_INT(t, ==, 1709208000 + 5 * 3600 + 1800);
	CHECK_INT(policy_parse_instant("2025-02-29", &t), ==, -1);
	CHECK_INT(policy_parse_instant("2026-13-01", &t), ==, -1);
	CHECK_INT(policy_parse_instant("2026-12-15T24:00", &t), ==, -1);
	CHECK_INT(policy_parse_instant("15.12.2026", &t), ==, -1);
	CHECK_INT(policy_parse_instant("2026-12-15T23:59:00Zjunk", &t), ==, -1);
}

static void test_errors_name_line_and_column(void)
{
	CHECK_STR_EQ(error_of("seed: 1\nlanguag: en\n"),
	             "policy.yaml:2:1: unknown key 'languag' in the policy (expected one of: "
	             "course, language, seed, seed_per_student, round, deadline, late, "
	             "penalties, performance, exercises, gradescope, similarity, "
	             "allow_without_nvcc)");
	CHECK_STR_EQ(error_of("language: fr\n"),
	             "policy.yaml:1:11: language must be en or zh, found 'fr'");
	CHECK_STR_EQ(error_of("seed: -3\n"), "policy.yaml:1:7: seed must be a whole number, "
	                                     "found '-3'");
	CHECK_STR_EQ(error_of("deadline: next friday\n"),
	             "policy.yaml:1:11: deadline must be a date and time such as "
	             "\"2026-12-15T23:59:00Z\" (or with an offset, +08:00), found 'next friday'");
	CHECK_STR_EQ(error_of("late: {penalty_per_day: 120}\n"),
	             "policy.yaml:1:25: late.penalty_per_day must be between 0 and 100, found 120");
	CHECK_STR_EQ(error_of("performance: {full_at: 3, none_beyond: 2}\n"),
	             "policy.yaml:1:40: performance.none_beyond (2) must be more than "
	             "performance.full_at (3)");
	CHECK_STR_EQ(error_of("performance: {runs: 0}\n"),
	             "policy.yaml:1:21: performance.runs must be between 1 and 20, found 0");
	CHECK_STR_EQ(error_of("performance: {method: fastest}\n"),
	             "policy.yaml:1:23: performance.method must be ratio or tier, found 'fastest'");
	CHECK_STR_EQ(error_of("exercises:\n  - id: no_such_thing\n"),
	             "policy.yaml:2:9: no exercise 'no_such_thing' in the catalog: `python3 "
	             "judge.py list` shows the ids");
	CHECK_STR_EQ(error_of("exercises:\n  - id: warp_scan\n  - id: warp_inclusive_scan\n"),
	             "policy.yaml:3:5: exercise 'warp_scan' is listed twice (first at line 2)");
	CHECK_STR_EQ(error_of("exercises:\n  - points: 3\n"),
	             "policy.yaml:2:5: an exercise of the policy needs 'id: <exercise id>'");
	CHECK_STR_EQ(error_of("exercises:\n  - {id: warp_scan, points: lots}\n"),
	             "policy.yaml:2:29: points must be a number, found 'lots'");
	CHECK_STR_EQ(error_of("exercises:\n  - {id: warp_scan, correctness: some}\n"),
	             "policy.yaml:2:34: correctness must be all or per_case, found 'some'");
	CHECK_STR_EQ(error_of("exercises:\n  - id: warp_scan\n    cases: [{weight: 2}]\n"),
	             "policy.yaml:3:13: warp_scan: each entry of cases needs 'case: N' (the "
	             "case's position, from 1)");
	CHECK_STR_EQ(error_of("exercises:\n  - id: warp_scan\n    cases: [{case: 2}, {case: 2}]\n"),
	             "policy.yaml:3:31: warp_scan: case 2 is listed twice");
	CHECK_STR_EQ(error_of("exercises:\n  - id: warp_scan\n    cases: [{case: 1.5}]\n"),
	             "policy.yaml:3:20: case must be a whole number, found '1.5'");
	CHECK_STR_EQ(error_of("exercises: []\n"),
	             "policy.yaml:1:12: exercises lists no exercise: add '- id: <exercise id>' or "
	             "remove the key");
	CHECK_STR_EQ(error_of("seed_per_student: yes\n"),
	             "policy.yaml:1:19: seed_per_student must be true or false, found 'yes'");
	CHECK_STR_EQ(error_of("seed: 1\n---\nseed: 2\n"),
	             "policy.yaml:2:1: a second YAML document: a policy is one mapping (remove "
	             "the '---')");
	CHECK_STR_EQ(error_of("- just\n- a list\n"),
	             "policy.yaml:1:1: the policy must be a mapping (key: value lines), found 'a "
	             "list'");
	CHECK_PREFIX(error_of("seed: [1\n"), "policy.yaml:2:1: ");
}

static void test_errors_in_chinese(void)
{
	lang_set("zh");
	CHECK_STR_EQ(error_of("language: fr\n"),
	             "policy.yaml:1:11: language 必须是 en 或 zh，这里是 'fr'");
	lang_set("en");
}

/* The platforms' sections (docs/platforms.md): defaults, given values, the JSON form
 * and the mistakes, in both languages. */
/* The deadline keeps the offset it was written with, to be shown in the course's time
 * (issue 25: "-08:00" was shown as UTC); allow_without_nvcc is false unless said. */
static void test_local_deadline_and_nvcc(void)
{
	struct policy p;
	char err[512] = "";
	static const char *const given[][2] = {
	        {"2026-12-15T23:59:00-08:00", "2026-12-15T23:59:00-08:00"},
	        {"2026-12-15T23:59+05:30", "2026-12-15T23:59:00+05:30"},
	        {"2026-12-15T23:59:00Z", "2026-12-15T23:59:00Z"},
	        {"2026-12-15 23:59", "2026-12-15T23:59:00Z"},
	        {"2026-12-15", "2026-12-15T00:00:00Z"}};
	for (size_t i = 0; i < sizeof given / sizeof *given; ++i) {
		char *text = xasprintf("deadline: \"%s\"\n", given[i][0]);
		CHECK_INT(parse(text, &p, err, sizeof err, false), ==, 0);
		CHECK_STR_EQ(p.deadline_local, given[i][1]);
		free(text);
		policy_free(&p);
	}
	CHECK_INT(parse("deadline: \"2026-12-15T23:59:00-08:00\"\n", &p, err, sizeof err, false),
	          ==, 0);
	CHECK_STR_EQ(p.deadline_text, "2026-12-16T07:59:00Z");
	CHECK(!p.allow_without_nvcc);
	check_json(&p, "\"deadline\":\"2026-12-16T07:59:00Z\",\"deadline_epoch\":1797407940,"
	               "\"deadline_local\":\"2026-12-15T23:59:00-08:00\","
	               "\"allow_without_nvcc\":false");
	policy_free(&p);
	CHECK_INT(parse("allow_without_nvcc: true\n", &p, err, sizeof err, false), ==, 0);
	CHECK(p.allow_without_nvcc);
	check_json(&p, "\"deadline_local\":null,\"allow_without_nvcc\":true");
	policy_free(&p);
	CHECK_STR_EQ(
	        error_of("allow_without_nvcc: sometimes\n"),
	        "policy.yaml:1:21: allow_without_nvcc must be true or false, found 'sometimes'");
}

static void test_platform_settings(void)
{
	struct policy p;
	char err[512] = "";
	CHECK_INT(parse("", &p, err, sizeof err, false), ==, 0);
	CHECK_STR_EQ(p.gradescope.hidden_visibility, "after_due_date");
	CHECK(!p.gradescope.leaderboard);
	CHECK_STR_EQ(p.gradescope.stdout_visibility, "hidden");
	CHECK_DBL(p.gradescope.time_budget_s, ==, 540);
	CHECK_DBL(p.similarity.threshold, ==, 0.8);
	CHECK_DBL(p.similarity.reference_threshold, ==, 0.8);
	check_json(&p, "\"gradescope\":{\"hidden_visibility\":\"after_due_date\","
	               "\"leaderboard\":false,\"stdout_visibility\":\"hidden\","
	               "\"time_budget_s\":540},"
	               "\"similarity\":{\"threshold\":0.8,\"reference_threshold\":0.8}");
	policy_free(&p);

	CHECK_INT(parse("gradescope:\n"
	                "  hidden_visibility: after_published\n"
	                "  leaderboard: true\n"
	                "  stdout_visibility: visible\n"
	                "  time_budget_s: 1200\n"
	                "similarity: {threshold: 0.7}\n",
	                &p, err, sizeof err, false),
	          ==, 0);
	CHECK_STR_EQ(err, "");
	CHECK_STR_EQ(p.gradescope.hidden_visibility, "after_published");
	CHECK(p.gradescope.leaderboard);
	CHECK_STR_EQ(p.gradescope.stdout_visibility, "visible");
	CHECK_DBL(p.gradescope.time_budget_s, ==, 1200);
	CHECK_DBL(p.similarity.threshold, ==, 0.7);
	CHECK_DBL(p.similarity.reference_threshold, ==, 0.7); /* follows the threshold */
	check_json(&p, "\"gradescope\":{\"hidden_visibility\":\"after_published\","
	               "\"leaderboard\":true,\"stdout_visibility\":\"visible\","
	               "\"time_budget_s\":1200},"
	               "\"similarity\":{\"threshold\":0.7,\"reference_threshold\":0.7}");
	policy_free(&p);
	CHECK_INT(parse("similarity: {reference_threshold: 0.95, threshold: 0.6}\n", &p, err,
	                sizeof err, false),
	          ==, 0);
	CHECK_DBL(p.similarity.threshold, ==, 0.6);
	CHECK_DBL(p.similarity.reference_threshold, ==, 0.95);
	policy_free(&p);

	CHECK_STR_EQ(error_of("gradescope: {hidden_visibility: never}\n"),
	             "policy.yaml:1:33: gradescope.hidden_visibility must be hidden, "
	             "after_due_date or after_published, found 'never'");
	CHECK_STR_EQ(error_of("gradescope:\n  stdout_visibility: [visible]\n"),
	             "policy.yaml:2:22: gradescope.stdout_visibility must be hidden, visible, "
	             "after_due_date or after_published, found 'a list'");
	CHECK_STR_EQ(error_of("gradescope: {leaderboard: yes}\n"),
	             "policy.yaml:1:27: gradescope.leaderboard must be true or false, found 'yes'");
	CHECK_STR_EQ(error_of("gradescope: {time_budget_s: 0}\n"),
	             "policy.yaml:1:29: gradescope.time_budget_s must be between 1 and 86400, "
	             "found 0");
	CHECK_STR_EQ(error_of("gradescope: {timeout: 60}\n"),
	             "policy.yaml:1:14: unknown key 'timeout' in gradescope (expected one of: "
	             "hidden_visibility, leaderboard, stdout_visibility, time_budget_s)");
	CHECK_STR_EQ(error_of("similarity: {threshold: 80}\n"),
	             "policy.yaml:1:25: similarity.threshold must be between 0 and 1, found 80");
	CHECK_STR_EQ(error_of("similarity:\n  reference_threshold: high\n"),
	             "policy.yaml:2:24: similarity.reference_threshold must be a number, found "
	             "'high'");
	CHECK_STR_EQ(error_of("similarity: {limit: 0.5}\n"),
	             "policy.yaml:1:14: unknown key 'limit' in similarity (expected one of: "
	             "threshold, reference_threshold)");
	CHECK_STR_EQ(error_of("similarity: 0.8\n"),
	             "policy.yaml:1:13: similarity must be a mapping (key: value lines), found "
	             "'0.8'");
	lang_set("zh");
	CHECK_STR_EQ(error_of("gradescope: {hidden_visibility: never}\n"),
	             "policy.yaml:1:33: gradescope.hidden_visibility 必须是 "
	             "hidden、after_due_date 或 after_published，这里是 'never'");
	CHECK_STR_EQ(error_of("similarity: {threshold: 80}\n"),
	             "policy.yaml:1:25: similarity.threshold 必须在 0 到 1 之间，这里是 80");
	lang_set("en");
}

static void test_missing_file(void)
{
	struct policy p;
	char err[512];
	CHECK_INT(policy_load("/nonexistent/policy.yaml", "policy.yaml", NULL, &p, err, sizeof err),
	          ==, -1);
	CHECK_PREFIX(err, "policy.yaml: cannot read the policy: ");
}

static const struct unit_test tests[] = {
        {"empty_is_every_default", test_empty_is_every_default, NULL},
        {"full_policy", test_full_policy, NULL},
        {"instants", test_instants, NULL},
        {"errors_name_line_and_column", test_errors_name_line_and_column, NULL},
        {"errors_in_chinese", test_errors_in_chinese, NULL},
        {"platform_settings", test_platform_settings, NULL},
        {"local_deadline_and_nvcc", test_local_deadline_and_nvcc, NULL},
        {"missing_file", test_missing_file, NULL},
        {0}};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&source_root));
	int rc = unit_main_after(tests, own, argc, argv);
	if (have_cat)
		catalog_free(&cat);
	return rc;
}
