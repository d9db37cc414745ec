/* The state of one judgement, shared by the rooms that take part in it:
 * judge.c (which makes it and ends it), the backend that builds and runs
 * (backends/), the run (run/test_run.c) and the verdicts (verdict/). */
#ifndef HARNESS_ENGINE_JUDGEMENT_H
#define HARNESS_ENGINE_JUDGEMENT_H

#include <stdbool.h>

#include "build/build.h"
#include "config/catalog.h"
#include "judge.h"
#include "problem.h"
#include "report/report.h"
#include "rules.h"
#include "run/cases.h"
#include "run/compute_sanitizer.h"
#include "run/device.h"

#ifndef CJ_DEFAULT_CC
#define CJ_DEFAULT_CC 90
#endif

struct backend;
struct case_job;
struct warm_runner;

struct judgement {
	const struct judge_options *o;
	struct catalog cat;
	const struct problem_entry *entry;
	const struct problem *prob;
	const struct backend *backend; /* builds and runs (backends/backend.h) */
	struct build_paths paths;
	struct device_info dev;
	struct summary sum;
	struct case_outcome out[CASES_MAX];
	char *case_json[CASES_MAX];
	int nout;
	char message[1664];  /* a case name and its detail */
	struct message said; /* message's text code and fields */
	char note[256];      /* one line about the backend, e.g. why the emulator */
	double t0;
	struct rules_outcome rules; /* the RULE check, decided before the run */
	char source[4096];          /* the judged file's real path (sanitizer locations) */
	char *work;                 /* the run's scratch folder: the test binary's cwd */
	char *bin;                  /* what runs: the test program, or the exercise's runner */
	/* The trusted runner's inputs (docs/trusted-runner.md): the learner's
	 * module, and the reference's for the timed case; NULL when the test
	 * binary is a linked one (host-driven exercises, the emulator). */
	char *module;
	char *ref_module;
	char *host_runner;         /* the host-driven program's runner (backends/linked.c) */
	char *sanitizer;           /* compute-sanitizer when the sanitize backend runs */
	enum sanitize_tool tool;   /* the tool of the run being made */
	struct case_job *case_job; /* the cases made beside the build (run/case_thread.h) */
	bool case_job_running;     /* its thread not joined yet */
	int device_lock;           /* the device lock's descriptor while a run holds it, or -1 */
	struct warm_runner *warm;  /* the runner started beside the build (run/warm_runner.h) */
	/* The reference's own run beside the build (backends/linked.c): the
	 * engine timing it (pid, its output's read end; -1 when none), then its
	 * median (< 0: none, timed after the run instead). */
	int ref_pid, ref_out;
	double ref_beside_ms;
	/* or, for a file whose build is kept, the median of the reference's
	 * last run on this device (run/kept_reference.h; < 0: none) */
	double ref_kept_ms, ref_kept_age_s;
	/* The last run's cases (the timed case's hundreds of MiB): freed after
	 * the summary is out, which is what the learner waits for (judge.c). */
	struct case_set ran;
	bool has_ran;
};

/* The device's compute capability, or the build's when there is none. */
static inline int judgement_cc(const struct judgement *j)
{
	return j->dev.found ? j->dev.cc : CJ_DEFAULT_CC;
}

/* Prints the summary line (after the cases') and frees the cases' lines. */
void judgement_finish(struct judgement *j);

/* Makes j->work, the run's scratch folder (build/work/<id>-<pid>-<nonce>),
 * removed when the judgement is freed (judge.c). */
void make_work_folder(struct judgement *j);

#endif
