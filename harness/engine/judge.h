/* Judging one file: compile, generate cases, run under supervision, compare
 * with the golden model, time against the reference, report. */
#ifndef HARNESS_ENGINE_JUDGE_H
#define HARNESS_ENGINE_JUDGE_H

#include <stdbool.h>
#include <stdint.h>

struct judge_options {
	const char *root;  /* repository */
	const char *build; /* meson build directory */
	const char *id;    /* exercise id or alias */
	const char *file;  /* the file to judge */
	uint64_t seed;
	bool have_seed;
	bool no_perf;              /* skip the timed case (check, corpus runs) */
	bool skip_big_after_wrong; /* a learner's judgement: big cases after a wrong one are
	                              not run (wire.h: ask_big) */
	bool reference_time;       /* only the reference's own program timed on the timed
	                              case (a host-driven judgement's helper: linked.c) */
	const char *prebuilt;    /* tests: run this binary instead of compiling, no device needed */
	const char *backend;     /* "auto" (NULL), "gpu", "emu" or "sanitize" */
	unsigned sanitize_tools; /* sanitize: a bit (1 << enum sanitize_tool) per tool to run */
	bool profile;            /* after the verdict, where the time goes (profile/profile.h) */
	unsigned timing_rounds;  /* the timed case's rounds of timed launches (grade's best
	                            of K in one run); 0 or 1: one */
	const char *cases_dir;   /* where the cases of an exercise and seed are kept for
	                            other judgements (grade; run/cases_dir.h), or NULL */
};

/* Runs the whole judgement, printing JSON lines; returns the exit status. */
int judge_file(const struct judge_options *o);

#endif
