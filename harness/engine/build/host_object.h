/* The object check of the host-driven exercises (docs/trusted-runner.md):
 * their learner file is host code linked into the test program, so it is
 * first compiled alone and its object read (hostobj.h) for code that runs by
 * itself, calls outside the allowlist, system calls and names that are not
 * its own. Called by the linked build (build/linked.c) and the emulator's. */
#ifndef HARNESS_ENGINE_BUILD_HOST_OBJECT_H
#define HARNESS_ENGINE_BUILD_HOST_OBJECT_H

#include "build/build.h"

/* Leaves res BUILD_OK (log "", check_s its time), or a CE with file:line and
 * what to do (res->object_refused), or BUILD_TOOL_FAILED. A pass is
 * remembered in build/cache/hostobj: an unchanged file is not compiled again. */
void check_host_object(const struct build_paths *p, const char *id, const char *source, int cc,
                       const char *workdir, struct build_result *res);

#endif
