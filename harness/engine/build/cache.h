/*
 * What a verdict depends on, and the builds kept because of it.
 *
 * One list (cache.c: verdict_inputs) names every file whose change can change
 * a verdict, besides the judged file: the engine itself, problems.yaml, every
 * file of harness/problems, harness/emu and harness/runtime, the references,
 * the runtime libraries, the trusted runners (cj-runner-*) and the
 * references' modules. Its hash is the grading records' fingerprint
 * (`cudajudge fingerprint`), and the first part of the key of every build the
 * engine keeps for reuse (the GPU's modules, the emulator's test programs,
 * the references', the object check's passes): change any of those files and
 * nothing built before is reused. One hash throughout: FNV-1a (util.h).
 */
#ifndef HARNESS_ENGINE_BUILD_CACHE_H
#define HARNESS_ENGINE_BUILD_CACHE_H

#include <stdbool.h>
#include <stdint.h>

#include "build/build.h"

/* Folds into h the content of every file below dir (and their names, in
 * name order); files that start with '.' are left out. */
uint64_t hash_tree(uint64_t h, const char *dir);

/* Folds into h the learner's file and every file its #include "..." lines
 * reach (from the including file's folder, then harness/runtime and
 * harness/problems), recursively. An #include of a macro, or of something
 * that is not a regular file, makes the key unique: nothing is reused. */
uint64_t hash_learner_sources(uint64_t h, const char *source, const char *root);

/* The file that #include "name" in a file of folder from_dir reaches on the
 * judge's include path: from_dir, then root's harness/runtime and
 * harness/problems (an absolute name as it is); malloc'd, or NULL when none
 * can be read. */
char *judge_include(const char *root, const char *from_dir, const char *name);

/* The hash of every file verdict_inputs names, for the engine running now
 * (its own binary), root and build. remember: reuse the hash kept in
 * build/cache/fingerprint while no file of the list has changed its size,
 * time or inode (a walk of the list instead of a read of some 40 MB). */
uint64_t verdict_fingerprint(const char *root, const char *build, bool remember);

/* `cudajudge fingerprint --root DIR --build DIR`: verdict_fingerprint as 16
 * hex digits on stdout, from every file's content. argv[0] is the first option. */
int fingerprint_main(int argc, char **argv);

/* The key of anything built or checked from `source` for exercise `id`:
 * the verdict's fingerprint, the file (its path too: it is in the line info
 * and the reports) and what it includes, the compilers, and `variant` (the
 * kind of build and its options, e.g. "module sm_90"). */
uint64_t build_key(const struct build_paths *p, const char *id, const char *source,
                   const char *variant);

/* build/cache/<kind>/<id>-<key>: the folder of a kept build; NULL without a
 * build folder. */
char *kept_build_path(const struct build_paths *p, const char *kind, const char *id, uint64_t key);

/* Puts the kept build's files names[i] at to[i] (NULL-terminated lists),
 * its compiler messages in res->log (malloc'd), and says so in res (cached,
 * compile_s the time the copy took). False, with nothing in res->log, when
 * it has not been kept (whole). */
bool kept_build_take(const char *kept, const char *const names[], const char *const to[],
                     struct build_result *res);

/* Keeps from[i] as names[i], and log, in the folder `kept` (made whole or
 * not at all); builds of the same kind unused for a day are forgotten. */
void kept_build_keep(const char *kept, const char *const names[], const char *const from[],
                     const char *log);

/* Removes the entries of dir whose names start with `prefix` but not with
 * `keep`, and that were neither used nor changed for `age_s` seconds. */
void forget_unused(const char *dir, const char *prefix, const char *keep, double age_s);

/* Copies from to to (its mode too), replacing it; 0 on success. Never a hard
 * link: a test program may write in its folder, and must not reach a kept
 * file through one. */
int copy_kept_file(const char *from, const char *to);

#endif
