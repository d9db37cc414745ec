/* Verdicts: names, exit codes, and how a finished test binary maps to one. */
#ifndef HARNESS_ENGINE_VERDICT_VERDICT_H
#define HARNESS_ENGINE_VERDICT_VERDICT_H

enum verdict {
	V_AC,   /* accepted */
	V_WA,   /* wrong answer */
	V_CE,   /* compile error */
	V_RE,   /* runtime error: CUDA error, crash, illegal address, stray write */
	V_TLE,  /* time limit exceeded (possible deadlock) */
	V_RULE, /* a required primitive missing or a forbidden one used */
	V_RACE, /* a sanitizer or emulator finding */
	V_JE,   /* judge or environment error: not the learner's fault */
	V_SKIP, /* this backend cannot judge this exercise */
	V_COUNT
};

/* "AC", "WA", ...; NULL for an out-of-range value. */
const char *verdict_name(enum verdict v);

/* Parses "AC" etc. (case-insensitive); returns -1 when unknown. */
int verdict_parse(const char *name);

/* The Kattis-style corpus folder for a verdict: "accepted", "wrong_answer", ... */
const char *verdict_folder(enum verdict v);

/* judge.py's exit status: 0 for AC (and SKIP), 1 for the learner's failures, 2 for JE. */
int verdict_exit_code(enum verdict v);

/* The verdict that wins when a run has several findings (earlier cases first,
 * but a JE outranks everything and a TLE outranks a WA found before it). */
enum verdict verdict_worse(enum verdict a, enum verdict b);

#endif
