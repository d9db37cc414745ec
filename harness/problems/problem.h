/*
 * The engine's side of one exercise: its cases, where an output element was
 * computed, and the diagnoses of known mistakes. Each exercise is a folder,
 * harness/problems/<id>/: cases.c (a struct problem named <id>_problem),
 * glue.cuh (the device side, see harness/runtime/glue.h) and layout.h (what
 * param[] and the buffers mean, shared by the two). The engine knows the
 * exercises only through this header and the registry meson generates from
 * harness/problems/exercises.txt (docs/adding-an-exercise.md).
 *
 * Every text the learner sees (case names, diagnoses, check_extra's why[]) is
 * written L("english", "中文") and #include "../../engine/report/lang.h": see that file.
 */
#ifndef HARNESS_PROBLEMS_PROBLEM_H
#define HARNESS_PROBLEMS_PROBLEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../engine/config/catalog.h"
#include "../engine/verdict/check.h"
#include "../engine/report/lang.h"
#include "../engine/rng.h"
#include "../runtime/wire.h"

struct jbuf {
	char name[16];
	uint32_t elem; /* enum cj_elem */
	uint32_t role; /* enum cj_role */
	uint64_t count;
	void *data;      /* in the case file: inputs before the run, outputs after it */
	void *expect;    /* engine-private golden output (CJ_OUT and CJ_INOUT), else NULL */
	double *scale;   /* optional per-element tolerance scale for floats, else NULL */
	void *initial;   /* engine-private copy of an in-out buffer's starting values */
	uint32_t poison; /* outputs: the byte written over them before each launch */
	bool by_extra;   /* checked by the problem's check_extra, not element by element */
};

struct jcase {
	char name[48];
	int64_t param[CJ_MAX_PARAMS];
	bool timed;
	bool measure; /* the case the problem's speed rule is measured on (GPU only) */
	/* Its inputs are drawn in chunks on every core, each chunk from its own
	 * generator (common/case_table.h: fill_case): set by make_cases for a
	 * big case that no small case follows. */
	bool parallel;
	int nbuf;
	struct jbuf buf[CJ_MAX_BUFS];
};

struct case_set;   /* cases.h */
struct case_table; /* common/case_table.h */

/* What the run needs from make_cases. */
struct case_plan {
	bool timed;    /* add one timed case of e->perf.n elements */
	bool emulated; /* the CPU emulator runs them (every CUDA thread a fiber):
	                * keep each case to about 10^5 threads */
};

/* Where an output element came from, for reports. */
struct where {
	int64_t block;  /* blockIdx.x */
	int64_t thread; /* threadIdx.x; warp and lane follow */
};

/* What the checker found in one case (filled by the engine, read by diagnose). */
struct case_findings {
	int bad_buf;                 /* first buffer with mismatches, -1 if none */
	struct buffer_report report; /* of bad_buf */
	char extra[512];             /* a failed check_extra explains itself here */
};

/*
 * A speed requirement, measured by the test binary in the same run (glue.h)
 * and turned into a verdict by the engine: on the case marked `measure`, a
 * correct result whose baseline_ms / learner_ms is below min_speedup is TLE
 * ("correct but too slow"). Only a GPU measures; the emulator never does.
 */
struct speed_rule {
	double min_speedup; /* e.g. 1.5: the learner's code must take at most 1/1.5 of the time */
	/* Both written LT("english", "中文") and read with lang_pick() (lang.h). */
	struct lang_pair baseline; /* what is compared, e.g. "the divergent baseline kernel" */
	struct lang_pair advice;   /* what usually makes it faster; one sentence */
};

struct problem {
	const char *id;
	/* Optional: a speed requirement (see struct speed_rule), else NULL. */
	const struct speed_rule *speed;
	/* Adds this run's cases: samples, random, edge shapes, and one timed case
	 * of e->perf.n elements when plan->timed. Uses case_new()/case_buf().
	 * case_table_make_cases when the cases are a table (`table`). */
	void (*make_cases)(struct case_set *set, struct rng *rng, const struct problem_entry *e,
	                   const struct case_plan *plan);
	/* Optional: the cases as a table, when make_cases is case_table_make_cases. */
	const struct case_table *table;
	/* The block and thread that computed element `index` of buffer `buf`. */
	void (*locate)(const struct jcase *c, int buf, uint64_t index, struct where *w);
	/* Optional: checks that are not element-wise. Returns false and explains
	 * in why[] when the outputs are wrong. */
	bool (*check_extra)(const struct jcase *c, char *why, size_t whylen);
	/* Optional: one sentence naming a known mistake that fits the findings. */
	const char *(*diagnose)(const struct jcase *c, const struct case_findings *f);
};

/* What orders two threads' accesses in this exercise, said after a data race
 * where the usual advice (a __syncthreads() both pass, an atomic, a fenced
 * flag) does not fit it: an exercise that forbids __syncthreads(), whose
 * copies complete through a barrier, or whose blocks hand data over at a
 * grid.sync() (problems.yaml: race_advice). In the learner's language, or
 * NULL when it has none. */
static inline const char *problem_race_advice(const struct problem_entry *e)
{
	return e && e->race_advice.en
	               ? lang_pick((struct lang_pair){e->race_advice.en, e->race_advice.zh})
	               : NULL;
}

/* Every exercise of harness/problems/exercises.txt, NULL-terminated, in its
 * order (the registry: registry.c, generated by meson). */
extern const struct problem *const all_problems[];
/* The ids of the list's host-driven exercises, NULL-terminated (registry.c). */
extern const char *const host_driven_problems[];

const struct problem *problem_find(const char *id);
/* True when the exercise's learner code is host code that its glue calls
 * (glue.h: cj_host_run), linked with the glue instead of loaded as a module. */
bool problem_is_host_driven(const char *id);
/* The exercise's launch glue, ROOT/harness/problems/<id>/glue.cuh. Returns
 * malloc'd. */
char *problem_glue_path(const char *root, const char *id);
/* The code the exercise gives the learner's file, ROOT/harness/problems/<id>/
 * given.cuh (functions the learner's file declares and calls, which the glue
 * includes after it and so defines); malloc'd, or NULL when the exercise gives
 * none. */
char *problem_given_path(const char *root, const char *id);

/* Case building, for make_cases (cases.c). */
struct jcase *case_new(struct case_set *set, const char *name);
/* Adds a buffer. Inputs are filled by the caller through ->data; outputs and
 * in-out buffers also get ->expect for the golden result. Returns the buffer. */
struct jbuf *case_buf(struct case_set *set, struct jcase *c, const char *name, uint32_t elem,
                      uint32_t role, uint64_t count);
/* Allocates ->scale for a float output buffer. */
double *case_scale(struct jbuf *b);

#endif
