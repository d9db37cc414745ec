/* Cases and diagnoses of message_passing and atomic_ref_flag (mailbox.h). */
#include <stdio.h>

#include "../../engine/run/cases.h"
#include "../../engine/report/lang.h"
#include "case_table.h"
#include "mailbox.h"

struct messages {
	int32_t *msg, *want;
};

static void fill_messages(void *ctx, struct rng *rng, int64_t lo, int64_t hi)
{
	const struct messages *d = ctx;
	for (int64_t i = lo; i < hi; ++i) {
		/* never the stale mark, so a stale word is always a mismatch */
		int32_t v = (int32_t)rng_range(rng, -1000000, 1000000);
		d->msg[i] = d->want[i] = v;
	}
}

static void add_case(struct case_set *set, struct rng *rng, const char *name, int channels,
                     int words, int trials, int block, int flag_after, bool timed)
{
	struct jcase *c = case_new(set, name);
	int groups = (channels + block - 1) / block;
	c->param[CJ_P_CHANNELS] = channels;
	c->param[CJ_P_WORDS] = words;
	c->param[CJ_P_TRIALS] = trials;
	c->param[CJ_P_BLOCK] = block;
	c->param[CJ_P_BLOCKS] = 2 * groups;
	c->timed = timed;
	uint64_t per_trial = (uint64_t)channels * (uint64_t)words;
	struct jbuf *msg = case_buf(set, c, "msg", CJ_I32, CJ_IN, per_trial * (uint64_t)trials);
	struct jbuf *box = case_buf(set, c, "box", CJ_I32, CJ_INOUT, per_trial);
	struct jbuf *flags = case_buf(set, c, "flags", CJ_I32, CJ_INOUT, (uint64_t)channels);
	struct jbuf *got = case_buf(set, c, "got", CJ_I32, CJ_OUT, per_trial * (uint64_t)trials);
	int32_t *m = msg->data;
	/* No small case follows the first big one (mailbox_cases): a big case's
	 * messages are drawn in parallel (case_table.h: BIG_CASE). */
	c->parallel = (int64_t)msg->count >= BIG_CASE;
	struct messages d = {m, got->expect};
	fill_case(c, rng, (int64_t)msg->count, CASE_CHUNK, fill_messages, &d);
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
	add_case(set, rng, L("sample: 1 channel, 1 word", "样例：1 个通道，1 个 word"), 1, 1, 2, 32,
	         flag_after, false);
	add_case(set, rng, L("32 channels, 8 words, 4 trials", "32 个通道，8 个 word，4 轮"), 32, 8,
	         4, 32, flag_after, false);
	add_case(set, rng, L("70 channels, 3 words, 3 trials", "70 个通道，3 个 word，3 轮"), 70, 3,
	         3, 32, flag_after, false);
	add_case(set, rng,
	         L("64 channels of 64 threads, 16 words", "64 个通道，每个 64 线程，16 个 word"),
	         64, 16, 2, 64, flag_after, false);
	if (!plan->emulated) {
		add_case(set, rng,
		         L("128 channels, 32 words, 30 trials", "128 个通道，32 个 word，30 轮"),
		         128, 32, 30, 64, flag_after, false);
		add_case(set, rng,
		         L("whole device: 64K channels, 16 words, 20 trials",
		           "全设备：64K 通道，16 word，20 轮"),
		         65536, 16, 20, 128, flag_after, false);
		add_case(set, rng,
		         L("whole device: 256K channels, 4 words, 20 trials",
		           "全设备：256K 通道，4 word，20 轮"),
		         262144, 4, 20, 256, flag_after, false);
		add_case(
		        set, rng,
		        L("1000 channels, 64 words, 200 trials", "1000 个通道，64 个 word，200 轮"),
		        1000, 64, 200, 64, flag_after, false);
	}
	if (plan->timed)
		add_case(set, rng, L("timed", "计时"), (int)(e->perf.n / 16), 16, 1, 128,
		         flag_after, true);
}

void mailbox_locate(const struct jcase *c, int buf, uint64_t index, struct where *w)
{
	int64_t words = c->param[CJ_P_WORDS], channels = c->param[CJ_P_CHANNELS];
	int64_t block = c->param[CJ_P_BLOCK];
	int64_t channel = buf == CJ_B_FLAGS ? (int64_t)index : (int64_t)index / words % channels;
	/* roles are dealt at run time by SM: name the channel's group and thread */
	w->block = channel / block % (c->param[CJ_P_BLOCKS] / 2);
	w->thread = channel % block;
}

const char *mailbox_diagnose(const struct jcase *c, const struct case_findings *f)
{
	if (f->report.nshown == 0)
		return NULL;
	if (f->bad_buf == CJ_B_FLAGS)
		return L("a flag does not hold what the sender must leave in it after the last "
		         "trial: does the sender set it (to the value the statement asks for)?",
		         "有个 flag "
		         "的值不是最后一轮之后发送方应留下的值：发送方有没有设置它（设成题目要求的"
		         "值）？");
	if (f->bad_buf != CJ_B_GOT)
		return NULL;
	const int32_t *got = c->buf[CJ_B_GOT].data;
	for (int i = 0; i < f->report.nshown; ++i)
		if (got[f->report.shown[i].index] == MB_STALE)
			return L("the receiver read 0x5a5a5a5a, what the mailbox held before the "
			         "message was written: it saw the flag before the message. The "
			         "sender needs a fence (or a release store) between the message "
			         "and the flag, the receiver a fence (or an acquire load) between "
			         "the flag and the message",
			         "接收方读到了 0x5a5a5a5a，这是消息写入之前 mailbox "
			         "里的值：它先看到了 flag，后看到消息。发送方需要在消息和 flag "
			         "之间加 fence（或用 release 存储），接收方需要在 flag "
			         "和消息之间加 fence（或用 acquire 加载）");
	return NULL;
}
