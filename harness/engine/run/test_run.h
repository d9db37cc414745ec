/* One run of the test program over an exercise's cases: the case file made
 * from the judgement's seed, the device taken when the backend runs there,
 * the program started through the backend's command line and limits, what
 * ended the whole run (the device missing, the case file unread or changed)
 * told apart from what the cases say (verdict/case_verdict.h). Called by
 * judge.c; spawn_test also by the backends that run again (another
 * sanitizer tool, the reference's own program). */
#ifndef HARNESS_ENGINE_RUN_TEST_RUN_H
#define HARNESS_ENGINE_RUN_TEST_RUN_H

#include "judgement.h"
#include "run/cases.h"
#include "run/supervise.h"

#define WARMUP_LAUNCHES 3 /* launches before the timed ones of a timed case */

/* Runs j->bin over the cases and decides them: j->sum (verdict, timing,
 * phases, the program's output) and j->message. */
void run_and_check(struct judgement *j);

/* The command line of a run of bin over the case file fd (the test program's
 * own words, extended or wrapped by the backend's command; a wrapped one is
 * malloc'd: free it when it is not a->argv). set: the published cases, or
 * NULL while they are being made (a runner started early). */
struct test_argv {
	char fd[16], cc[16];
	char *argv[10]; /* the program's 5 words, 4 more, the NULL */
};
char **test_command(struct judgement *j, const char *bin, int fd, const struct case_set *set,
                    struct test_argv *a);

/* Runs bin over the published case file `set` under supervision, through
 * the backend's command line and limits. run_supervised's status. */
int spawn_test(struct judgement *j, const char *bin, struct case_set *set, struct run_result *r);

#endif
