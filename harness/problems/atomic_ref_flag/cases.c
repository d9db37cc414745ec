/* atomic_ref_flag: cases, golden messages and diagnoses (common/mailbox.c;
 * device side: glue.cuh). After the last trial every ticket holds the
 * number of trials. */
#include <stdio.h>

#include "../../engine/report/lang.h"
#include "../common/mailbox.h"
#include "../common/registration.h"
#include "layout.h"

static void make_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                       const struct case_plan *plan)
{
	mailbox_cases(set, rng, e, plan, 0);
}

static const char *diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->bad_buf == CJ_B_GOT && f->report.nshown > 0) {
		int64_t per_trial = c->param[CJ_P_CHANNELS] * c->param[CJ_P_WORDS];
		bool later_only = true;
		for (int i = 0; i < f->report.nshown; ++i)
			later_only &= (int64_t)f->report.shown[i].index >= per_trial;
		const char *stale = mailbox_diagnose(c, f);
		if (later_only && stale)
			return L("the first trial is right, later ones read the mailbox too early: "
			         "the ticket still holds the previous trial's number, so wait "
			         "until it equals this trial's ticket, not until it is non-zero",
			         "第一轮正确，之后几轮读 mailbox 读得太早：ticket "
			         "里还是上一轮的编号，所以要等到它等于本轮的 "
			         "ticket，而不是等到它非零");
		return stale;
	}
	if (f->bad_buf == CJ_B_FLAGS)
		return L("after the last trial every ticket must hold the last ticket posted: "
		         "post() stores its ticket argument",
		         "最后一轮之后，每个 ticket 都必须是最后一次 post 的编号：post() "
		         "要存入它的 ticket 参数");
	return mailbox_diagnose(c, f);
}

PROBLEM(atomic_ref_flag, .make_cases = make_cases, .locate = mailbox_locate, .diagnose = diagnose);
