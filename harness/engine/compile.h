/* The device-only check of a learner's module and the exercise's kind
 * (compile.c), until inspect/ holds them; and, for the files that still
 * include this header for them, the build's types (build/build.h) and the
 * hash of a learner's sources (build/cache.h). */
#ifndef HARNESS_ENGINE_COMPILE_H
#define HARNESS_ENGINE_COMPILE_H

#include <stdbool.h>
#include <stdint.h>

#include "build/build.h"
#include "build/cache.h"

/* ---- the trusted runner's modules (docs/trusted-runner.md) ----
 * True when the exercise's glue defines cj_host_run: its learner code is host
 * code, linked into a test binary (build/linked.h). Every other exercise
 * compiles the learner's file into a module run by a prebuilt runner. */
bool glue_is_host_driven(const char *root, const char *id);

/* The device-only check of a module built from `source` (build/module.c),
 * on nvcc's preprocessed source ii_path: a `#define` of a name the judge
 * uses, or host code in the learner's lines, makes res a CE saying why. */
void check_module_device_only(const struct build_paths *p, const char *source, const char *ii_path,
                              struct build_result *res);

/* What find_host_code() found. */
struct host_code {
	bool found, function, is_asm;
	int line;
	char name[128];
};

/* Reads nvcc's preprocessed device-side source (`ii`) for namespace-scope
 * host code in the learner's lines (`learner`, a real path, and headers that
 * are neither the system's, the toolkit's nor root/harness/'s): a function
 * definition without __device__/__global__ (and not constexpr), a variable
 * that is not __device__/__constant__/__shared__/__managed__ nor const or
 * constexpr, or asm. Class bodies are not looked into (their host members
 * cannot run without a host object). Returns 1 and fills out when found. */
int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out);

#endif
