/*
 * The parameter layout of the mailbox exercises, message_passing and
 * atomic_ref_flag: messages of `words` ints sent over `channels` channels
 * between blocks, `trials` launches per case. Included through each one's
 * layout.h by its cases (mailbox.c) and its glue.
 */
#ifndef CJ_LAYOUT_MAILBOX_H
#define CJ_LAYOUT_MAILBOX_H

/* param[] */
enum {
	CJ_P_CHANNELS, /* messages per trial, one per channel */
	CJ_P_WORDS,    /* ints per message */
	CJ_P_TRIALS,   /* launches per case */
	CJ_P_BLOCK,    /* blockDim.x */
	CJ_P_BLOCKS,   /* blocks wanted (2 * ceil(channels / block), or fewer when fewer fit) */
};

/* the buffers, in the order mailbox.c declares them */
enum {
	CJ_B_MSG, /* int, trials * channels * words: what trial t sends on channel c */
	CJ_B_BOX, /* int, channels * words, in-out: the mailboxes */
	/* int, channels, in-out: message_passing's flags (0 before each trial, set by the
	 * sender), or atomic_ref_flag's tickets (unsigned, 0 at the start, never cleared) */
	CJ_B_FLAGS,
	CJ_B_GOT, /* int, trials * channels * words: what the receivers returned */
};

/* Every byte of a box before a sender writes it: a word read too early shows
 * as 0x5a5a5a5a. */
#define CJ_STALE_BYTE 0x5a

#endif
