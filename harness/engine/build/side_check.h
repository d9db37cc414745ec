/*
 * A check of the learner's file in a child of the engine, beside the
 * engine's own compile (two tools at once: on two cores the check's time is
 * hidden): the emulator's nvcc device-only check (emu_build.c) and the
 * host-driven exercises' object check (linked.c). The child sends its
 * build_result back through a pipe. Where no child can be started, the
 * check runs at once and its result is held.
 */
#ifndef HARNESS_ENGINE_BUILD_SIDE_CHECK_H
#define HARNESS_ENGINE_BUILD_SIDE_CHECK_H

#include <stdbool.h>
#include <sys/types.h>

#include "build/build.h"

struct side_check {
	pid_t pid; /* -1: no child running */
	int fd;    /* the pipe's read end */
	bool held; /* the check ran in the engine itself: `result` */
	struct build_result result;
};

/* The check: fills *res as a build step does (status, log, compile_s, ...). */
typedef void side_check_fn(void *arg, struct build_result *res);

/* Starts check(arg) in a child (side->pid), or runs it at once when none can
 * be started (side->held). */
void side_check_start(struct side_check *side, side_check_fn *check, void *arg);

/* Whether side_check_start ran and side_check_finish has not yet. */
bool side_check_started(const struct side_check *side);

/* Waits for the check and returns its result, once; a check that died
 * without one is the judge's failure (BUILD_TOOL_FAILED). */
void side_check_finish(struct side_check *side, struct build_result *res);

#endif
