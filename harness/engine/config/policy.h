/* A course's grading policy (docs/grading.md): loading it from YAML with
 * libyaml, validation with file:line:column errors, and its JSON form with
 * every default filled in. `cudajudge policy FILE` prints that JSON for
 * `judge.py grade`, which scores from it; the engine itself never scores. */
#ifndef HARNESS_ENGINE_CONFIG_POLICY_H
#define HARNESS_ENGINE_CONFIG_POLICY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "config/catalog.h"
#include "util.h"

struct policy_case {
	int64_t index; /* position in the engine's case list, from 1 */
	double weight; /* 1 unless given */
	bool hidden;
};

enum policy_correctness {
	CORRECTNESS_ALL = 0,  /* all points for AC, none otherwise */
	CORRECTNESS_PER_CASE, /* points shared by the cases' weights */
};

struct policy_exercise {
	char *id;           /* a catalog id (aliases are resolved when a catalog is given) */
	double points;      /* correctness points */
	double performance; /* performance points, given only on a GPU */
	enum policy_correctness correctness;
	int64_t canvas; /* the Canvas assignment id, 0 when none */
	struct policy_case *cases;
	size_t ncases;
	int line;
};

enum perf_method {
	PERF_RATIO = 0, /* by the time against the reference timed in the same run */
	PERF_TIER,      /* by the bandwidth tier */
};

/* The platforms' settings (docs/platforms.md): how Gradescope shows the results,
 * and when similarity flags a pair. They change no score. */
struct policy_gradescope {
	char hidden_visibility[16]; /* hidden, after_due_date or after_published */
	bool leaderboard;           /* the median times on Gradescope's leaderboard */
	char stdout_visibility[16]; /* hidden, visible, after_due_date or after_published */
	double time_budget_s;       /* grading stops after this, under Gradescope's timeout */
};

struct policy_similarity {
	double threshold;           /* pairs of submissions at or above it are flagged */
	double reference_threshold; /* against the reference; the threshold unless given */
};

struct policy {
	char *course;   /* NULL when not given */
	char *language; /* "en" or "zh" */
	uint64_t seed;
	bool seed_per_student;
	int64_t round; /* decimals of the points */
	bool has_deadline;
	int64_t deadline;        /* seconds since the epoch, UTC */
	char deadline_text[64];  /* the same as YYYY-MM-DDTHH:MM:SSZ */
	char deadline_local[64]; /* the same in the offset it was written with (+08:00, or Z) */
	double late_per_day;     /* percent per started day late */
	int64_t late_max_days;   /* -1: no limit */
	double grace_minutes;
	double penalty_rule, penalty_race, penalty_speed; /* percent of the correctness points */
	enum perf_method method;
	int64_t runs; /* best of K timed runs */
	double full_at, none_beyond;
	double tier_bronze, tier_silver, tier_gold;
	struct policy_gradescope gradescope;
	struct policy_similarity similarity;
	bool allow_without_nvcc; /* grade where no nvcc is found, without the checks it runs */
	bool all_exercises;      /* no exercises: key: every catalog exercise, 10 points */
	struct policy_exercise *exercises;
	size_t nexercises;
};

/* Parses and validates a policy. With a catalog (may be NULL), every id must
 * name an exercise or alias of it (stored as the id), and a policy without
 * `exercises:` lists every catalog exercise at 10 points. On failure returns
 * -1 with one message "policy.yaml:7:5: ..." in err. */
int policy_parse(const char *text, size_t len, const char *shown_path, const struct catalog *cat,
                 struct policy *p, char *err, size_t errlen);
int policy_load(const char *path, const char *shown_path, const struct catalog *cat,
                struct policy *p, char *err, size_t errlen);
void policy_free(struct policy *p);

/* The policy as one JSON object (docs/grading.md, "The policy"). */
void policy_json(struct strbuf *b, const struct policy *p);

/* Parses "2026-12-15T23:59:00Z", "2026-12-15 23:59", "2026-12-15T23:59:00+08:00" or
 * "2026-12-15" (midnight UTC) into seconds since the epoch; -1 when malformed. */
int policy_parse_instant(const char *s, int64_t *out);

/* `cudajudge policy FILE [--root DIR] [--lang en|zh]`: prints the validated
 * policy as JSON (exit 0) or the error (stderr, exit 2). argv starts after
 * the word "policy". */
int policy_main(int argc, char **argv);

#endif
