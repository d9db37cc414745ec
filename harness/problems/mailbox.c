/* Cases and diagnoses of message_passing and atomic_ref_flag (mailbox.h). */
#include <stdio.h>

#include "../engine/cases.h"
#include "mailbox.h"

static void add_case(struct case_set *set, struct rng *rng, const char *name, int channels,
                     int words, int trials, int block, int flag_after, bool timed)
{
	struct jcase *c = case_new(set, name);
	int groups = (channels + block - 1) / block;
	c->param[MB_P_CHANNELS] = channels;
	c->param[MB_P_WORDS] = words;
	c->param[MB_P_TRIALS] = trials;
	c->param[MB_P_BLOCK] = block;
	c->param[MB_P_BLOCKS] = 2 * groups;
	c->timed = timed;
	uint64_t per_trial = (uint64_t)channels * (uint64_t)words;
	struct jbuf *msg = case_buf(set, c, "msg", CJ_I32, CJ_IN, per_trial * (uint64_t)trials);
	struct jbuf *box = case_buf(set, c, "box", CJ_I32, CJ_INOUT, per_trial);
	struct jbuf *flags = case_buf(set, c, "flags", CJ_I32, CJ_INOUT, (uint64_t)channels);
	struct jbuf *got = case_buf(set, c, "got", CJ_I32, CJ_OUT, per_trial * (uint64_t)trials);
	int32_t *m = msg->data, *want = got->expect;
	for (uint64_t i = 0; i < msg->count; ++i) {
		/* never the stale mark, so a stale word is always a mismatch */
		int32_t v = (int32_t)rng_range(rng, -1000000, 1000000);
		m[i] = want[i] = v;
	}
	int32_t *b = box->data, *bw = box->expect;
	for (uint64_t i = 0; i < per_trial; ++i) {
		b[i] = MB_STALE;
		bw[i] = m[(uint64_t)(trials - 1) * per_trial + i]; /* the last message sent */
	}
	int32_t *f = flags->data, *fw = flags->expect;
	for (int i = 0; i < channels; ++i) {
		f[i] = 0;
		fw[i] = flag_after ? flag_after : trials;
	}
}

void mailbox_cases(struct case_set *set, struct rng *rng, const struct problem_entry *e,
                   const struct case_plan *plan, int flag_after)
{
	/* The emulator runs every thread of a case's grid as a fiber at once: a
	 * few blocks; the GPU gets as many channels as fit on the device. */
	add_case(set, rng, "sample: 1 channel, 1 word", 1, 1, 2, 32, flag_after, false);
	add_case(set, rng, "32 channels, 8 words, 4 trials", 32, 8, 4, 32, flag_after, false);
	add_case(set, rng, "70 channels, 3 words, 3 trials", 70, 3, 3, 32, flag_after, false);
	add_case(set, rng, "64 channels of 64 threads, 16 words", 64, 16, 2, 64, flag_after, false);
	if (!plan->emulated) {
		add_case(set, rng, "128 channels, 32 words, 30 trials", 128, 32, 30, 64, flag_after,
		         false);
		add_case(set, rng, "whole device: 64K channels, 16 words, 20 trials", 65536, 16, 20,
		         128, flag_after, false);
		add_case(set, rng, "whole device: 256K channels, 4 words, 20 trials", 262144, 4, 20,
		         256, flag_after, false);
		add_case(set, rng, "1000 channels, 64 words, 200 trials", 1000, 64, 200, 64,
		         flag_after, false);
	}
	if (plan->timed)
		add_case(set, rng, "timed", (int)(e->perf.n / 16), 16, 1, 128, flag_after, true);
}

void mailbox_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t words = c->param[MB_P_WORDS], channels = c->param[MB_P_CHANNELS];
	int64_t block = c->param[MB_P_BLOCK];
	int64_t channel = buf == MB_B_FLAGS ? (int64_t)index : (int64_t)index / words % channels;
	/* roles are dealt at run time by SM: name the channel's group and thread */
	w->block = channel / block % (c->param[MB_P_BLOCKS] / 2);
	w->thread = channel % block;
}

const char *mailbox_diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->report.nshown == 0)
		return NULL;
	if (f->bad_buf == MB_B_FLAGS)
		return "a flag does not hold what the sender must leave in it after the last "
		       "trial: does the sender set it (to the value the statement asks for)?";
	if (f->bad_buf != MB_B_GOT)
		return NULL;
	const int32_t *got = c->buf[MB_B_GOT].data;
	for (int i = 0; i < f->report.nshown; ++i)
		if (got[f->report.shown[i].index] == MB_STALE)
			return "the receiver read 0x5a5a5a5a, what the mailbox held before the "
			       "message was written: it saw the flag before the message. The "
			       "sender needs a fence (or a release store) between the message "
			       "and the flag, the receiver a fence (or an acquire load) between "
			       "the flag and the message";
	return NULL;
}
