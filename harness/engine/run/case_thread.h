/* The cases of a judgement, made on a thread of their own while its build
 * runs: on a GPU the cases of an exercise (inputs of up to 64M elements and
 * their golden outputs) took longer than the learner's compile, and were
 * made after it. judge.c starts the thread before the build; run_and_check
 * (test_run.c) takes the cases when it needs them. A judgement that never
 * runs (compile error, rule broken with no device) leaves the thread to end
 * with the engine. */
#ifndef HARNESS_ENGINE_RUN_CASE_THREAD_H
#define HARNESS_ENGINE_RUN_CASE_THREAD_H

#include <stdbool.h>

#include "judgement.h"
#include "run/cases.h"

/* Makes the case file of j's cases, empty: a runner started before the cases
 * are made is handed it (run/warm_runner.h), before the case thread fills
 * hundreds of MiB that its fork would have to copy the page tables of. */
void cases_make_file(struct judgement *j);

/* Starts making j's cases (its seed, its backend's sizes, the timed case
 * when the backend times), in the file cases_make_file made or a new one. */
void cases_start(struct judgement *j);

/* The cases of j, published in their case file and ready for the test
 * program, with the timed case left out when j broke a rule; made here when
 * cases_start was not called. *inputs_hash is case_set_hash_inputs of them.
 * False (a JE in the summary) when none could be made. */
bool cases_take(struct judgement *j, struct case_set *set, uint64_t *inputs_hash);

/* True while started cases were never taken: what the thread reads (the
 * catalog, the judgement) must stay until the engine exits. */
bool cases_untaken(const struct judgement *j);

/* Whether j's cases have a timed case (before a rule broken leaves it out). */
bool cases_planned_timed(const struct judgement *j);

/* The case file of cases not taken yet, made before their thread
 * started and filled by it: only its descriptor and header may be used
 * (case_set_pending); NULL when there is none. */
struct case_set *cases_file(struct judgement *j);

#endif
