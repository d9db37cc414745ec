/* nvcc: where it is, and the one command line that compiles a learner's
 * file (or a reference) with its exercise's glue. The engine builds modules
 * and objects with it (build/module.c, build/linked.c), and meson builds the
 * references' modules with it too (`cj-nvcc-line --run`, reference/
 * meson.build), so that a reference is compiled exactly as a learner's file. */
#ifndef HARNESS_ENGINE_BUILD_NVCC_H
#define HARNESS_ENGINE_BUILD_NVCC_H

#include <stdbool.h>

#include "build/build.h"

/* Finds nvcc: $NVCC, then PATH, $CUDA_PATH/bin, $CUDA_HOME/bin, /usr/local/cuda/bin.
 * Returns a malloc'd path or NULL ($NVCC=none: as on a machine without it). */
char *find_nvcc(void);

/* What to compile: harness/runtime/learner_tu.cu with `source` and the glue
 * of exercise `id` (`glue`: problem_glue_path, problem.h), -O3 -lineinfo for
 * sm_<cc>. */
struct nvcc_job {
	const char *nvcc, *root, *id, *glue, *source;
	int cc;
	bool module;          /* device code only (-cubin -DCJ_MODULE), else an object (-c) */
	bool ptx;             /* PTX instead (-ptx), for the rule check (inspect/rules.c) */
	bool pic;             /* position-independent host code: for a shared object */
	const char *out;      /* the module or object */
	const char *depfile;  /* -MD -MF depfile (build_used_reference), or NULL */
	const char *keep_dir; /* -keep: the PTX and preprocessed source for the checks, or NULL */
};

struct nvcc_line {
	char *argv[26];
	char *owned[7];
};

/* The job of one of the engine's own builds (build/module.c, build/linked.c,
 * inspect/rules.c): `source` with `glue`, the glue of exercise `id`, by the
 * nvcc of p for sm_<cc>, into `out`, keeping nvcc's files in keep_dir; an
 * object unless the caller asks for a module or PTX, without a depfile
 * unless it names one. */
struct nvcc_job nvcc_job_of(const struct build_paths *p, const char *id, const char *glue,
                            const char *source, int cc, const char *out, const char *keep_dir);

void nvcc_line_init(struct nvcc_line *l, const struct nvcc_job *job);
void nvcc_line_free(struct nvcc_line *l);

/* `nvcc-line --nvcc PATH (or a name on PATH) --root DIR --id ID --glue FILE --file FILE --arch sm_XY [--module]
 * --out FILE [--depfile FILE] [--keep-dir DIR] [--run]`: prints the command
 * line, one word per line, or runs it (--run). argv[0] is the first option. */
int nvcc_line_main(int argc, char **argv);

#endif
