/* The trusted runner's modules (docs/trusted-runner.md): the learner's device
 * code compiled device-only (nvcc -cubin) with the exercise's kernels, then
 * checked for host code; the reference's module; the runner program. Called
 * by the gpu and sanitizer backends, and by the emulator for its device-only
 * check. */
#ifndef HARNESS_ENGINE_BUILD_MODULE_H
#define HARNESS_ENGINE_BUILD_MODULE_H

#include "build/build.h"

/* nvcc -cubin of the learner's file with the glue's device part into
 * out_module, keeping the PTX and preprocessed source in workdir (the rules
 * check reads them) and the files it read in workdir/tu.d; then the
 * device-only check: a `#define` of a name the judge uses, or host code (a
 * function, a variable or asm that is not device code) in the learner's
 * lines, makes it a CE (res->host_code) with a message saying why. A module
 * that passed is kept (build/cache/modules) and reused for an unchanged file. */
int build_module(const struct build_paths *p, const char *id, const char *source, int cc,
                 const char *workdir, const char *out_module, struct build_result *res);

/* The reference's module for cc: prebuilt by meson (<build>/reference/<id>.cubin)
 * when cc is the build's default_cc, else built (and kept) by build_module in
 * workdir/reference/. Malloc'd path, or NULL when there is none. */
char *reference_module(const struct build_paths *p, const char *id, int cc, int default_cc,
                       const char *workdir);

/* <build>/harness/runtime/cj-runner-<id>; malloc'd. */
char *runner_path(const struct build_paths *p, const char *id);

#endif
