/* Cases, locations and diagnoses shared by message_passing and
 * atomic_ref_flag: messages of `words` ints sent over `channels` channels
 * between blocks, `trials` launches per case (mailbox.c). */
#ifndef HARNESS_PROBLEMS_MAILBOX_H
#define HARNESS_PROBLEMS_MAILBOX_H

#include "../problem.h"
#include "mailbox_layout.h"

/* A word of a mailbox before a sender writes it (every byte CJ_STALE_BYTE). */
#define MB_STALE ((int32_t)(CJ_STALE_BYTE * 0x01010101u))

/* `flag_after` is the value every flag must hold after the last trial:
 * 1 for a flag (the harness clears it), or 0 for a ticket, which then must
 * equal the number of trials. */
void mailbox_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                   const struct case_plan *plan, int flag_after);
void mailbox_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);
const char *mailbox_diagnose(const struct jcase *c, const struct case_findings *f);

#endif
