/* Cases, locations and diagnoses shared by message_passing and
 * atomic_ref_flag: messages of `words` ints sent over `channels` channels
 * between blocks, `trials` launches per case (mailbox.c). */
#ifndef HARNESS_PROBLEMS_MAILBOX_H
#define HARNESS_PROBLEMS_MAILBOX_H

#include "../problem.h"

enum { MB_P_CHANNELS, MB_P_WORDS, MB_P_TRIALS, MB_P_BLOCK, MB_P_BLOCKS };
enum { MB_B_MSG, MB_B_BOX, MB_B_FLAGS, MB_B_GOT };

/* What the mailbox holds before a sender writes it (memset byte 0x5a). */
#define MB_STALE ((int32_t)0x5a5a5a5a)

/* `flag_after` is the value every flag must hold after the last trial:
 * 1 for a flag (the harness clears it), or 0 for a ticket, which then must
 * equal the number of trials. */
void mailbox_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                   const struct case_plan *plan, int flag_after);
void mailbox_locate(const struct jcase *c, int buf, uint64_t index, struct where *w);
const char *mailbox_diagnose(const struct jcase *c, const struct case_findings *f);

#endif
