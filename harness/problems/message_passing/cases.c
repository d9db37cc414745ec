/* message_passing: cases, golden messages and diagnoses (common/mailbox.c;
 * device side: glue.cuh). */
#include "../common/mailbox.h"
#include "../common/registration.h"
#include "layout.h"

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	mailbox_cases(set, rng, e, plan, 1);
}

PROBLEM(message_passing, .make_cases = make_cases, .locate = mailbox_locate,
        .diagnose = mailbox_diagnose);
