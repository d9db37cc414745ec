/* The engine's output: JSON lines on stdout, one per phase event, one per
 * case judged, and a summary last (format documented in README.md). */
#ifndef HARNESS_ENGINE_REPORT_REPORT_H
#define HARNESS_ENGINE_REPORT_REPORT_H

#include <stdbool.h>
#include <stdint.h>

#include "problem.h"
#include "report/texts.h"
#include "run/device.h"
#include "verdict/verdict.h"

struct case_outcome {
	const struct jcase *c;
	enum verdict verdict;
	struct case_findings f;
	const char *diagnosis; /* static text or NULL */
	enum text_code diagnosis_code;
	char detail[1536];   /* what happened, when not a plain mismatch */
	struct message said; /* detail's text code and fields (T_NONE: no detail) */
	double time_ms;      /* median of the timed repetitions, < 0 when not timed */
	double seconds;      /* the case's time in the test program, < 0 when not known */
	/* The problem's speed rule on this case (judge.c: judge_speed); reps 0: none. */
	struct {
		unsigned reps;
		double learner_ms, baseline_ms, speedup, needs;
	} speed;
};

struct timing {
	bool have;
	double median_ms, min_ms, max_ms;
	unsigned reps;
	bool bandwidth; /* false: no GB/s, percent or tier (perf.bandwidth: false) */
	double gbps, copy_gbps, pct_of_copy;
	/* perf.ceiling: its percent of copy bandwidth and GB/s on this GPU, the
	 * time's percent of it (the tiers' measure), and what holds it there
	 * (in both languages);
	 * ceiling_pct 0 when the copy is the ceiling */
	double ceiling_pct, ceiling_gbps, pct_of_ceiling;
	struct text_pair ceiling_why; /* borrowed from the catalog */
	const char *tier;             /* "gold", "silver", "bronze" or NULL */
	double ref_median_ms;         /* < 0 when the reference was not timed */
	double ratio_to_ref;          /* learner time / reference time */
	/* where the reference was timed: "same_run" (in turn with the learner's
	 * code, by the trusted runner), "beside_build", "after_run" or "kept"
	 * (its own program: backends/linked.c); NULL when it was not */
	const char *ref_from;
	double ref_age_s; /* "kept": how long ago it was timed */
	/* --timing-rounds K > 1: each round's medians (the reference's 0 when not
	 * timed); the figures above are those of round best (0-based) */
	unsigned rounds, best_round;
	double round_ms[CJ_MAX_ROUNDS], round_ref_ms[CJ_MAX_ROUNDS];
};

struct summary {
	const char *id, *file, *backend;
	enum verdict verdict;
	uint64_t seed;
	const char *message;
	const struct message *said; /* message's text code and fields */
	const char *note;           /* about the backend, or NULL */
	const char *compile_log;
	const char *program_output;
	struct timing timing;
	/* Seconds: compiling and linking, preparing the cases (inputs and
	 * expected outputs, on a thread of their own beside the build), waiting
	 * for them after the build, waiting for the device, the run, timing the
	 * reference, and the whole judgement. */
	double compile_s, link_s, cases_s, cases_wait_s, wait_s, run_s, reference_s, total_s;
	/* Parts of run_s, as the test program says (nothing is decided by them):
	 * its start before the first case (the device, the modules), and the
	 * timed case (its checked launch and every timed repetition). */
	double run_start_s, run_timed_s, run_end_s;
	/* Around them: finding the device (backends/backend.c), waiting for the
	 * rules check after the build (rules.h), and checking the outputs after
	 * the run (each case's verdict and diagnosis). */
	double device_s, rules_s, check_s;
	bool build_cached; /* the build was taken from the kept builds (build/cache.h) */
	/* "made", "saved" or "kept" (run/cases_dir.h), or NULL before any were */
	const char *cases_from;
	const struct device_info *device; /* NULL when none */
	const char *rules_json;           /* the RULE check (rules.h), or NULL */
	/* `judge --profile`: where the time goes (profile/profile.h), or NULL
	 * (and no "profile" key) when it was not asked for */
	const char *profile_json;
};

/* Phase events carry "at": seconds since t (now_s()), the judgement's start. */
void report_clock_start(double t);
void report_phase(const char *phase, const char *state, double seconds);
/* A phase event of something that happened at `when` (now_s()'s clock) in
 * another process: nothing when it is unknown (0). */
void report_phase_at(const char *phase, const char *state, double when);
/* Prints the case line and returns the same JSON object (malloc'd). */
char *report_case(const struct problem *p, const struct case_outcome *o);
void report_summary(const struct summary *s, char *const case_json[], int ncases);

#endif
