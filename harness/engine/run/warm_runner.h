/* The trusted runner started beside the build. On a GPU the runner's start
 * (the CUDA context, its stream) took 0.2 to 0.3 s of every judgement after
 * the compile; started with the cases, before the learner's compile, it
 * has its device by the time the module is there. It is handed the case
 * file at once and waits on it (wire.h: go) until the cases are published
 * and the module is built; then run_and_check lets it go and supervises it
 * as any run, its clock and memory cap starting then. The device lock is
 * taken only before it goes: a starting runner holds none. A file that does
 * not compile, breaks a rule that stops the run or cannot run ends the
 * waiting runner at once (warm_runner_stop). Only the gpu backend's runner
 * (the judge's own program, no learner code until it loads the module after
 * go) starts early; CUDAJUDGE_NO_WARM_RUNNER=1 starts it after the build, as
 * before. */
#ifndef HARNESS_ENGINE_RUN_WARM_RUNNER_H
#define HARNESS_ENGINE_RUN_WARM_RUNNER_H

#include <stdbool.h>

#include "judgement.h"
#include "run/cases.h"
#include "run/supervise.h"

/* Starts j's runner on the case file of the cases to be made (after
 * cases_make_file, before cases_start), when the backend's runner can start
 * before its build. */
void warm_runner_start(struct judgement *j);

/* Whether a runner waits on set (the published cases of cases_take). */
bool warm_runner_waits(const struct judgement *j, const struct case_set *set);

/* Lets the waiting runner go on set and supervises it to its end under lim:
 * run_supervised's status and result. */
int warm_runner_go(struct judgement *j, struct case_set *set, const struct run_limits *lim,
                   struct run_result *r);

/* Ends a runner still waiting (nothing to run after all); nothing when none. */
void warm_runner_stop(struct judgement *j);

#endif
