/* `cudajudge judge --cases-dir DIR`: the cases of an exercise and seed kept
 * in a folder, made by the first judgement that needs them and read by every
 * other (a grade run judges a class's files of one exercise with one seed:
 * each judgement made the same hundreds of MiB of inputs and golden outputs
 * for itself). The folder is the run's own (grade makes it and removes it at
 * its end); a file in it is named by everything the cases are made from, so
 * a file made by another engine build, seed or plan is never read.
 *
 * The golden outputs are in the folder: a judgement keeps or reads cases
 * there only when no code of the learner's runs on the host (the trusted
 * runner, docs/trusted-runner.md; a test's --prebuilt program), never on the
 * emulator or for a host-driven exercise, whose programs could read it. */
#ifndef HARNESS_ENGINE_RUN_CASES_DIR_H
#define HARNESS_ENGINE_RUN_CASES_DIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/cases.h"

/* Where a judgement's cases came from (the summary's "cases_from"). */
enum cases_from {
	CASES_MADE,  /* made by this judgement, no folder given (or not allowed) */
	CASES_SAVED, /* made by this judgement and saved in the folder for others */
	CASES_KEPT,  /* read from the folder */
};

const char *cases_from_name(enum cases_from from);

/* Whether a judgement by a backend of these supports (backend.h) may keep
 * its cases in the folder or read them there: only one that runs no learner
 * code on the host (BACKEND_NO_HOST_CODE), or a test's --prebuilt program. */
bool cases_may_be_kept(unsigned backend_supports, bool prebuilt);

/* The name of a kept case set: every input to make_cases (the exercise, its
 * timed case's size, the seed, the plan) and the engine that made it. */
struct cases_key {
	char name[160];
};
void cases_key_make(struct cases_key *k, const char *id, int64_t perf_n, uint64_t seed, bool timed,
                    bool emulated);

/* Takes the folder's lock of key k (a file lock: a judgement that dies drops
 * it); -1 when the folder cannot be used (then the cases are made as if no
 * folder were given). Held while the first judgement makes and saves the
 * cases, so that the others wait for them instead of making them too. */
int cases_dir_lock(const char *dir, const struct cases_key *k);
void cases_dir_unlock(int lock);

/* Reads the kept cases of k into set (made by case_set_init, empty) and
 * *inputs_hash; false when there are none (or they cannot be read whole:
 * set is then emptied again). */
bool cases_dir_load(const char *dir, const struct cases_key *k, struct case_set *set,
                    uint64_t *inputs_hash);

/* Saves set (made by make_cases, not prepared yet) as the cases of k: written
 * to a file of its own, renamed into place when whole. False, with why in
 * err, when it could not be (the judgement goes on with its cases). */
bool cases_dir_save(const char *dir, const struct cases_key *k, const struct case_set *set,
                    uint64_t inputs_hash, char *err, size_t errlen);

#endif
