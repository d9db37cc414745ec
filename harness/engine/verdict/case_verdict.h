/* Each case's verdict once the test program has run, and the summary's line
 * about the first that failed; see case_verdict.c. */
#ifndef HARNESS_ENGINE_VERDICT_CASE_VERDICT_H
#define HARNESS_ENGINE_VERDICT_CASE_VERDICT_H

#include <stddef.h>

#include "judgement.h"
#include "run/supervise.h"

/* Decides the cases of the run r just made over `set` into j->out (printing
 * each case's line, up to the one the run ended in) and returns the run's
 * verdict; a run that ended badly after every case sets j->message. */
enum verdict decide_cases(struct judgement *j, struct case_set *set, struct run_result *r);

/* Whether an output of case c (as the test program left it) differs from
 * the golden one anywhere, element by element: a look taken while the
 * program runs, before it times anything (run/test_run.c). */
bool case_output_differs(const struct judgement *j, const struct jcase *c);

/* Unless j->message says something already: "all N cases passed", or the
 * first failed case with what went wrong. */
void say_first_failure(struct judgement *j);

/* With CUDAJUDGE_KEEP_SANITIZER_LOG=DIR, a copy of a tool's report as
 * DIR/ID-TOOL-PID.log. */
void keep_tool_report(const struct judgement *j, const char *tool, const char *text, size_t len);

#endif
