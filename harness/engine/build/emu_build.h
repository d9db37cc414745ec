/* The emulator's build (docs/backends.md): the learner's file and the glue,
 * rewritten for the host compiler (rewrite.h), compiled with g++ under
 * ThreadSanitizer against harness/emu's CUDA headers (after a precompiled
 * prelude of them), linked with libcjrt_emu.a; beside it, nvcc's device-only
 * check of the same file (build/module.h), so that host code, C library
 * calls and a redefined judge name are refused as on a GPU. A program that
 * built is kept (build/cache/emu, keyed by build_key) and reused while the
 * file and everything its verdict depends on are unchanged. Called by the
 * emulator backend. */
#ifndef HARNESS_ENGINE_BUILD_EMU_BUILD_H
#define HARNESS_ENGINE_BUILD_EMU_BUILD_H

#include <stdbool.h>

#include "build/build.h"

/* Finds the host C++ compiler: $CXX, then g++ and c++ on PATH. Malloc'd or NULL. */
char *find_cxx(void);

/* Builds out_bin; workdir/tu.d lists the files it read. `coresident`: every
 * launch runs all of its blocks at the same time (problems.yaml's
 * `coresident: true`). */
int build_emulated_binary(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident,
                          struct build_result *res);

/* The same file's profile build (`judge --profile`, harness/engine/profile/):
 * no checks (the file was judged already), every basic block counted and
 * ThreadSanitizer's load and store calls taken by the profiler
 * (harness/emu/profile.cpp), which writes its counts to $CJ_PROFILE_OUT;
 * kept as the judged program is, under a kind of its own. */
int build_emulated_profile(const struct build_paths *p, const char *id, const char *source,
                           const char *workdir, const char *out_bin, bool coresident,
                           struct build_result *res);

#endif
