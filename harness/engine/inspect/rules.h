/*
 * The RULE verdict: primitives an exercise requires or forbids
 * (problems.yaml `rules:`), checked on the learner's code only.
 *
 * Device rules are read from the PTX of the learner's translation unit
 * (nvcc -ptx -lineinfo): an instruction counts when the chain of its .loc
 * line info, inlined frames included, passes through the learner's file, so
 * the problem's glue never triggers a rule while a CUDA or library header
 * inlined into the learner's code does. Host rules, cooperative groups and
 * libraries are read from the preprocessed source (the .ii nvcc keeps),
 * lines of the learner's file only. Without nvcc, everything falls back to
 * the learner's source text with comments and strings removed (a weaker
 * check, said in the report).
 */
#ifndef HARNESS_ENGINE_RULES_H
#define HARNESS_ENGINE_RULES_H

#include <stdbool.h>

#include "config/catalog.h"
#include "build/build.h"
#include "build/cache.h"

enum rule_id {
	RULE_SHFL_SYNC,
	RULE_VOTE_SYNC,
	RULE_SHARED_MEMORY,
	RULE_SYNCTHREADS,
	RULE_ATOMIC_CAS,
	RULE_THREADFENCE,
	RULE_COOPERATIVE_GROUPS,
	RULE_GRID_SYNC,
	RULE_STREAM_WAIT_EVENT,
	RULE_PINNED_MEMORY,
	RULE_ASYNC_COPY,
	RULE_LIBRARIES,
	/* Always forbidden, never named in problems.yaml: what would hide code
	 * from the checks or reach into the judge (rules_scan_directives). */
	RULE_LINE_DIRECTIVE, /* #line, or a "# 12 file" marker */
	RULE_LOCAL_INCLUDE,  /* an #include of anything but a system or CUDA header */
	RULE_BACKEND_MACRO,  /* #if on a macro that tells the backends apart */
	RULE_JUDGE_NAME,     /* a cj_/CJ_ name, or a #define of a name the glue uses */
	RULE_REFERENCE_COPY, /* the file is a reference solution (grading mode) */
	RULE_COUNT
};

/* The rules problems.yaml may name: the ones before RULE_LINE_DIRECTIVE. */
#define RULE_YAML_COUNT RULE_LINE_DIRECTIVE

/* The rule's name in problems.yaml, e.g. "shfl.sync"; NULL when out of range. */
const char *rule_name(int rule);
/* The rule of a problems.yaml name; -1 when unknown (or not one problems.yaml
 * may name). */
int rule_parse(const char *name);
/* "shfl.sync, vote.sync, ...": the vocabulary, for error messages. */
const char *rule_vocabulary(void);

/* Where the learner's code first uses a primitive. */
struct rule_use {
	bool found;
	int line;       /* in the learner's file; 0 when unknown */
	char what[200]; /* the instruction or identifier seen */
};

struct rule_scan {
	struct rule_use use[RULE_COUNT];
	/* Found only where it cannot meet a requirement: in device code that no
	 * kernel the glue launches reaches, or in the file's text alone. */
	bool unreached[RULE_COUNT];
};

/* Records the device primitives of `ptx` whose line info passes through
 * learner_path. Returns the number of learner-attributed instructions, or
 * -1 when the PTX names no such file (no line info: nothing can be said). */
int rules_scan_ptx(const char *ptx, const char *learner_path, struct rule_scan *s);

/* As rules_scan_ptx, but a device primitive meets a requirement only in the
 * kernels named in launched (the glue's text: the kernels it launches) and
 * the functions they call; elsewhere it is marked unreached. */
int rules_scan_ptx_launched(const char *ptx, const char *learner_path, const char *launched,
                            struct rule_scan *s);

/* The directives and names of the learner's file as written (text) that
 * would hide code from the checks or reach into the judge: #line and line
 * markers, #include of anything but a system or CUDA header (those found
 * in the judge's own folders under root, e.g. harness/, included), #if on
 * a backend's macros (__CUDA_ARCH__, CJ_EMU, __has_include, ...), cj_ and
 * CJ_ names, and #define or #undef of a name in glue (the glue's text; NULL
 * for none). root may be NULL. */
void rules_scan_directives(const char *text, const char *root, const char *glue,
                           struct rule_scan *s);

/* Grading mode (cudajudge judge --grading): a file with the same content as
 * the exercise's reference, whitespace and comments aside, breaks rule
 * reference-copy. */
void rules_set_grading(bool on);
/* True when text is the same as the file at path, whitespace and comments
 * aside. */
bool rules_same_code(const char *text, const char *path);

/* Records host calls, cooperative groups and library headers of the learner's
 * lines in `text`: nvcc's preprocessed output (preprocessed = true, with
 * # line markers) or the learner's file as written. Without PTX (ptx_too =
 * false) the device rules are guessed from identifiers as well. */
void rules_scan_source(const char *text, const char *learner_path, bool preprocessed, bool ptx_too,
                       struct rule_scan *s);

struct rule_violation {
	int rule;
	bool required; /* true: required but missing; false: forbidden but used */
	int line;      /* where a forbidden one was used; 0 when unknown or missing */
	char what[200];
};

#define RULES_MAX_VIOLATIONS RULE_COUNT

/* The entry's rules (libraries always forbidden) against the scan; returns
 * the number of violations written to out. */
int rules_evaluate(const struct problem_entry *e, const struct rule_scan *s,
                   struct rule_violation out[RULES_MAX_VIOLATIONS]);

/* One check of a learner's file, from rules_start to rules_finish. */
struct rules_job {
	struct build_paths paths;
	const char *id;
	int cc;
	char *workdir;
	char *ptx, *ii; /* nvcc's PTX and preprocessed source */
	char *cache;    /* the cached scan, keyed by every input's hash */
	char *learner;  /* the learner's file, absolute */
	bool cached;    /* the scan came from the cache */
	struct rule_scan scan;
};

struct rules_outcome {
	const char *method; /* "ptx" (PTX and preprocessed source) or "source" */
	char note[256];     /* why the weaker method, or "" */
	bool cached;
	double wait_s; /* time spent waiting for the check after the build */
	int n;
	struct rule_violation v[RULES_MAX_VIOLATIONS];
};

/* Prepares the check of `source` for problem e (compute capability cc):
 * reuses build/cache/rules when every input is unchanged. Call it before the
 * build; never fails (problems show up in rules_finish). */
void rules_start(const struct build_paths *p, const struct problem_entry *e, const char *source,
                 int cc, const char *workdir, struct rules_job *job);

/* Scans the PTX and preprocessed source the gpu build kept in workdir
 * (build/module.c passes nvcc -keep), or runs nvcc -ptx for them (the emu
 * backend), or falls back to the source text without nvcc; then evaluates
 * the rules. Frees the job. */
void rules_finish(struct rules_job *job, const struct problem_entry *e, struct rules_outcome *out);

/* nvcc -ptx of the learner's translation unit (its file `learner` with
 * exercise id's glue) for cc, into dir: learner_tu.ptx and the preprocessed
 * source nvcc keeps, learner_tu.cpp1.ii, the two files rules_finish reads
 * from the build's folder when they are there. True when nvcc succeeded.
 * Runs a supervised nvcc: never beside another supervised run of the same
 * process (the emulator's build calls it in a child of its own). */
bool rules_make_ptx(const struct build_paths *p, const char *id, const char *learner, int cc,
                    const char *dir);

/* Stops a check that is no longer needed (the build failed); frees the job. */
void rules_cancel(struct rules_job *job);

/* The outcome as a JSON object (malloc'd): {"method":..,"note":..,"cached":..,
 * "seconds":..,"file":..,"output_verdict":..,"violations":[{"rule":..,
 * "kind":"require"|"forbid","line":..,"found":..}]}. file is how the learner's
 * file is shown; output_verdict what the run alone decided (NULL: not run). */
char *rules_json(const struct rules_outcome *o, const char *file, const char *output_verdict);

#endif
