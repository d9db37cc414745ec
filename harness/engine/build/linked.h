/* The linked test program of the host-driven exercises (stream_overlap,
 * event_dependency), whose learner code is host code: the learner's file with
 * its glue compiled by nvcc into an object and linked with the runtime
 * (libcjrt.a; libcjrt_hosted.a for a shared object that the host runner
 * loads), after the object check (build/host_object.h). Also the
 * reference's own program of that kind, timed by a run of its own. Called by
 * the linked and sanitizer backends. */
#ifndef HARNESS_ENGINE_BUILD_LINKED_H
#define HARNESS_ENGINE_BUILD_LINKED_H

#include <stdbool.h>

#include "build/build.h"

/* What a build of a linked test program makes. */
enum linked_output {
	LINKED_PROGRAM,     /* a program of its own (the reference's, the sanitizer's) */
	LINKED_HOSTED,      /* a shared object that the host runner loads (host_runner.c) */
	LINKED_OBJECT_ONLY, /* compiled, not linked: no device to run it on */
};

/* Builds out_bin from `source` for exercise `id` and compute capability cc
 * (e.g. 90), intermediate files in workdir (tu.d: the files it read). */
int build_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                      const char *workdir, const char *out_bin, enum linked_output what,
                      struct build_result *res);

/* build_test_binary for a judged file, kept in build/cache/linked for the
 * same file judged again (the key holds the file, what it includes, what
 * it makes and the judge's own files: build/cache.h), as build_module keeps
 * modules; an object only is not kept. */
int build_kept_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                           const char *workdir, const char *out_bin, enum linked_output what,
                           struct build_result *res);

/* Whether build_kept_test_binary would find that build kept (known before
 * it: the reference's run is not started for a file whose build is kept,
 * backends/linked.c). */
bool linked_build_is_kept(const struct build_paths *p, const char *id, const char *source, int cc,
                          enum linked_output what);

/* The host runner, <build>/harness/runtime/cj-host-runner (malloc'd). */
char *host_runner_path(const struct build_paths *p);

/* Where the reference's program of `id` for cc is kept (build/cache/reference;
 * malloc'd): a shared object for the host runner when `hosted`, else a
 * program of its own. Known before it is built: a host runner started
 * beside its build is handed the path. */
char *reference_program_path(const struct build_paths *p, const char *id, int cc, bool hosted);

/* Builds (or reuses) the program reference_program_path names. */
int build_reference(const struct build_paths *p, const char *id, int cc, bool hosted,
                    struct build_result *res);

#endif
