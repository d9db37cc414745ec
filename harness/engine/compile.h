/* Building a test binary: the learner's file (or a reference) plus its
 * problem's glue, compiled with nvcc and linked with the runtime. Compiler
 * messages are rewritten to point at the learner's file as file:line. */
#ifndef HARNESS_ENGINE_COMPILE_H
#define HARNESS_ENGINE_COMPILE_H

#include <stdbool.h>
#include <stdint.h>

struct build_paths {
	const char *root;  /* the repository */
	const char *build; /* the meson build directory */
	const char *nvcc;  /* the CUDA compiler (gpu backend) */
	const char *cxx;   /* the host C++ compiler (emu backend) */
};

enum build_status {
	BUILD_OK,
	BUILD_COMPILE_FAILED, /* the learner's CE */
	BUILD_LINK_FAILED,    /* also a CE: e.g. the file defines main() */
	BUILD_TOOL_FAILED,    /* nvcc missing or killed: the judge's problem */
};

struct build_result {
	enum build_status status;
	char *log; /* compiler messages, rewritten; free() it */
	double compile_s, link_s;
	double check_s;      /* emu: the nvcc device-only check, included in compile_s */
	bool cached;         /* an up-to-date binary was reused */
	bool host_code;      /* a CE of the device-only check: host code in a device file */
	bool object_refused; /* a CE of the host-code exercises' object check (hostobj.h) */
};

/* Finds nvcc: $NVCC, then PATH, $CUDA_PATH/bin, $CUDA_HOME/bin, /usr/local/cuda/bin.
 * Returns a malloc'd path or NULL. */
char *find_nvcc(void);

/* Builds `out_bin` from `source` for problem `id` and compute capability cc
 * (e.g. 90), using workdir for intermediate files. compile_only stops after
 * the object file (no device to run on). */
int build_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                      const char *workdir, const char *out_bin, bool compile_only,
                      struct build_result *res);

/* The emu backend's build of the same: the learner's file and the glue,
 * rewritten for the host compiler (rewrite.h), compiled with g++ under
 * ThreadSanitizer against harness/emu, linked with libcjrt_emu.a. */
/* `coresident`: every launch runs all of its blocks at the same time
 * (problems.yaml's `coresident: true`). */
int build_emulated_binary(const struct build_paths *p, const char *id, const char *source,
                          const char *workdir, const char *out_bin, bool coresident,
                          struct build_result *res);

/* Finds the host C++ compiler: $CXX, then c++ and g++ on PATH. Malloc'd or NULL. */
char *find_cxx(void);

/* Builds (or reuses from build/cache) the reference binary of `id` for cc.
 * Returns the binary's path in *bin (malloc'd). */
int build_reference(const struct build_paths *p, const char *id, int cc, char **bin,
                    struct build_result *res);

/* After a build in workdir: the first file of root/reference/ that the
 * compiler read for it, other than `source` itself (the learner's file
 * included a reference solution); malloc'd, relative to root, or NULL. */
char *build_used_reference(const char *workdir, const char *root, const char *source);

/* ---- the trusted runner's modules (docs/trusted-runner.md) ----
 * A host-driven exercise (problem.h: problem_is_host_driven) links its
 * learner code into a test binary (build_test_binary). Every other exercise
 * compiles the learner's file into a module run by a prebuilt runner. */

/* nvcc -cubin of the learner's file with the glue's device part (-DCJ_MODULE)
 * into out_module, keeping the PTX and preprocessed source in workdir; then
 * the device-only check: a `#define` of a name the judge uses, or host code
 * (a function, a variable or asm that is not device code) in the learner's
 * lines, makes it a CE (res->host_code) with a message saying why. */
int build_module(const struct build_paths *p, const char *id, const char *source, int cc,
                 const char *workdir, const char *out_module, struct build_result *res);

/* The reference's module for cc: prebuilt by meson (<build>/reference/<id>.cubin)
 * when cc is the build's default_cc, else built once into build/cache.
 * Malloc'd path, or NULL when there is none. */
char *reference_module(const struct build_paths *p, const char *id, int cc, int default_cc);

/* <build>/harness/runtime/cj-runner-<id>; malloc'd. */
char *runner_path(const struct build_paths *p, const char *id);

/* Folds into h the learner's file and every file its #include "..." lines
 * reach (from the including file's folder, then harness/runtime and
 * harness/problems), recursively: the key of anything cached about a
 * learner's file (the rules scan). An #include of a macro makes the key
 * unique, so nothing is reused for such a file. */
uint64_t hash_learner_sources(uint64_t h, const char *source, const char *root);

/* "path(12): error" -> "path:12: error", with root/ stripped. Returns malloc'd. */
char *rewrite_compiler_log(const char *log, const char *root);

#endif
