/*
 * What in a learner's file would change the judge's own code, which is
 * compiled in the same translation unit: a #define or #undef of a name the
 * judge's code uses, or code in namespace std. Read through the one lexer
 * (a directive is a directive however it is spelled: %:define, a splice
 * inside it; a comment is no code). Called by build/host_object.c before the object
 * check of the host-code exercises, and by device_only.c.
 */
#ifndef HARNESS_ENGINE_INSPECT_JUDGE_NAMES_H
#define HARNESS_ENGINE_INSPECT_JUDGE_NAMES_H

#include <stddef.h>

/* Host-driven exercises: the learner's file `source` and the glue of
 * exercise `id` (under root) share a translation unit, so a #define or
 * #undef of an identifier the glue's code uses (the glue's own text and the
 * judge's headers it includes, common/... among them), or code in namespace std
 * (a specialisation of a template the glue times with), would change the
 * glue's code. The line, and the name (or a phrase) in `name`; 0 when none. */
int learner_changes_glue(const char *root, const char *id, const char *source, char *name,
                         size_t len);

/* Device-only modules: a #define or #undef in `text` of CUDA's
 * execution-space keywords or of a cj_/CJ_ name. The line, and the name in
 * `name`; 0 when none. */
int learner_redefines_judge_name(const char *text, char *name, size_t len);

#endif
