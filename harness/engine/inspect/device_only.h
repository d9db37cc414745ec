/*
 * The device-only check of a module build (docs/trusted-runner.md): in the
 * exercises whose learner code is device code only, the learner's file may
 * neither redefine a name the judge's code uses nor hold host code, which
 * would never run. Called by build/early_check.c once nvcc's preprocessor
 * wrote the device-side source, while nvcc compiles it.
 */
#ifndef HARNESS_ENGINE_INSPECT_DEVICE_ONLY_H
#define HARNESS_ENGINE_INSPECT_DEVICE_ONLY_H

#include "host_code.h"

/* The check of the learner's file `source` (under root), whose module's
 * preprocessed source nvcc wrote to ii_path: the compiler-style message
 * (file:line, what to do; malloc'd) that refuses it, or NULL when it
 * passes. The same pass over the .ii gives the files the build read
 * (`entered`; entered->read false when the .ii could not be read, and only
 * a file that passes has its whole list). */
char *device_only_refusal(const char *root, const char *source, const char *ii_path,
                          struct entered_files *entered);

#endif
