/* The verdict of a build and of the rules beside the run's; see
 * build_verdict.c. */
#ifndef HARNESS_ENGINE_VERDICT_BUILD_VERDICT_H
#define HARNESS_ENGINE_VERDICT_BUILD_VERDICT_H

#include <stdbool.h>

#include "judgement.h"

/* A build that did not succeed: the learner's CE (what kind, and the
 * signature the judge calls when the glue's code is named) or the judge's JE. */
void build_failed(struct judgement *j, const struct build_result *br);

/* A file that uses CUB, Thrust or cuBLAS cannot compile for the emulator (g++
 * has none of them), where a GPU compiles it and judges it RULE: after the
 * emulator's CE, the verdict is the rule's. True when it was. */
bool emu_library_rule(struct judgement *j);

/* A learner's file that #includes a reference solution is not its own work:
 * RULE. True when it did (the build's list of the files it read). */
bool reference_included(struct judgement *j);

/* It compiled, but there is no device to run it on: JE. */
void no_device_to_run(struct judgement *j);

/* The broken rules (j->rules) with the cases' verdict (`ran`: the cases ran):
 * RULE when the output was right or could not be checked, else the cases'
 * verdict with the rules added to its message. */
void rule_verdict(struct judgement *j, bool ran);

#endif
