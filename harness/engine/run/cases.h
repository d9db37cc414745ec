/* The case set of one run: cases built by a problem's make_cases, their
 * buffers bump-allocated in a memfd that becomes the test binary's case file
 * (harness/runtime/wire.h), and the engine-private golden outputs. */
#ifndef HARNESS_ENGINE_RUN_CASES_H
#define HARNESS_ENGINE_RUN_CASES_H

#include <stddef.h>
#include <stdint.h>

#include "parallel.h" /* big cases are made in chunks on every core */

#include "problem.h"

#define CASES_MAX 64

struct case_set {
	int fd;            /* the memfd, -1 when closed */
	uint8_t *base;     /* its mapping */
	uint64_t reserved; /* bytes mapped */
	uint64_t used;     /* bytes handed out, header region included */
	struct jcase cases[CASES_MAX];
	int n;
	uint8_t int_poison; /* poison byte of integer outputs (floats get 0xff: NaN) */
	bool prepared;      /* case_set_prepare ran since the last publish */
	bool runner_waits;  /* a program started on it waits for case_set_go */
	/* Cases read from --cases-dir (run/cases_dir.h): the kept file's mapping,
	 * which every golden output and scale points into (not malloc'd) */
	uint8_t *kept;
	uint64_t kept_len;
};

/* Creates an empty set able to hold `reserve` bytes of buffers. */
int case_set_init(struct case_set *set, uint64_t reserve, char *err, size_t errlen);
/* Poisons the outputs and keeps the in-out buffers' first contents, on every
 * core; publish does it when nothing did since the last publish (the case
 * thread does it beside the build). */
void case_set_prepare(struct case_set *set);
/* Writes the header and case table; the file is then ready for a test binary. */
void case_set_publish(struct case_set *set, uint32_t warmup, uint32_t reps, int flush_l2);
/* For a program started before the cases are made (run/warm_runner.h): the
 * header says only which wire it is, and publish leaves go at 0 (and mapped
 * as the program set it) until case_set_go lets the program read the rest. */
void case_set_pending(struct case_set *set);
void case_set_go(struct case_set *set);
/* The test binary's record of case i (valid after publish). */
struct cj_wire_case *case_record(struct case_set *set, int i);
/* Whether a case is big: the timed one, or one whose buffers hold 16 MiB or
 * more. A learner's judgement leaves big cases out after a wrong one (wire.h:
 * ask_big); their time is most of a run's. */
bool case_is_big(const struct jcase *c);
/* The case the test binary said it was working on (-1 if none). */
int case_set_current(const struct case_set *set);
/* A hash of every input buffer (CJ_IN): equal before and after a run unless
 * the test binary wrote into the judge's inputs. */
uint64_t case_set_hash_inputs(const struct case_set *set);
/* A new set holding only case `which` of `from`, inputs copied, outputs fresh. */
int case_set_copy_one(struct case_set *to, const struct case_set *from, int which, char *err,
                      size_t errlen);
void case_set_free(struct case_set *set);

/* The generator of chunk `lo` (its first element) of a case's input, drawn
 * from the case's key (one rng_next of the case's generator): inputs filled
 * in parallel chunks are the same whatever the number of threads. */
struct rng;
void case_chunk_rng(struct rng *r, uint64_t key, int64_t lo);

#endif
