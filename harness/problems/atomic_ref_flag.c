/* atomic_ref_flag: cases, golden messages and diagnoses (mailbox.c; device
 * side: atomic_ref_flag.cuh). After the last trial every ticket holds the
 * number of trials. */
#include <stdio.h>

#include "mailbox.h"

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	mailbox_cases(set, rng, e, plan, 0);
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf == MB_B_GOT && f->report.nshown > 0) {
		int64_t per_trial = c->param[MB_P_CHANNELS] * c->param[MB_P_WORDS];
		bool later_only = true;
		for (int i = 0; i < f->report.nshown; ++i)
			later_only &= (int64_t)f->report.shown[i].index >= per_trial;
		const char *stale = mailbox_diagnose(c, f);
		if (later_only && stale)
			return "the first trial is right, later ones read the mailbox too early: "
			       "the ticket still holds the previous trial's number, so wait until "
			       "it equals this trial's ticket, not until it is non-zero";
		return stale;
	}
	if (f->bad_buf == MB_B_FLAGS)
		return "after the last trial every ticket must hold the last ticket posted: "
		       "post() stores its ticket argument";
	return mailbox_diagnose(c, f);
}

const struct problem atomic_ref_flag_problem = {
        .id = "atomic_ref_flag",
        .make_cases = make_cases,
        .locate = mailbox_locate,
        .diagnose = diagnose,
};
