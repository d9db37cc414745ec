/* The reference's median kept for a file judged again: the host-driven
 * exercises time the reference's own program in a run of its own
 * (backends/linked.c), hidden behind the learner's compile. An unchanged file
 * judged again has no compile to hide it behind, so its judgement takes the
 * median of the reference's last run on the same device, when that run was
 * recent (CUDAJUDGE_REFERENCE_KEPT_S seconds, 300 when unset; 0: never),
 * instead of timing it again after the learner's run. The median is kept
 * beside the reference's program (build/cache/reference/<id>-<key>/, whose
 * key changes with the reference and every file of the judge), one file per
 * device. */
#ifndef HARNESS_ENGINE_RUN_KEPT_REFERENCE_H
#define HARNESS_ENGINE_RUN_KEPT_REFERENCE_H

#include <stdbool.h>

/* Keeps `median_ms`, measured now on the device `uuid`, for the reference
 * program at `program` (its folder holds it). Nothing kept when it cannot be
 * written: the next judgement times the reference again. */
void kept_reference_save(const char *program, const char *uuid, double median_ms);

/* The median kept for `program` on `uuid`, when it was measured at most
 * the allowed age ago: true, with the median and its age in seconds. */
bool kept_reference_take(const char *program, const char *uuid, double *median_ms, double *age_s);

/* The allowed age in seconds (CUDAJUDGE_REFERENCE_KEPT_S; 0: never taken). */
double kept_reference_max_age(void);

#endif
