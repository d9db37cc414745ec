/*
 * A backend: how a judgement builds the learner's file and runs it, as one
 * table of operations (dav1d's plug-ins). judge.c calls through the table and
 * never asks which backend it has; what differs between them is here:
 *
 *   gpu        the learner's device code in a module, run by the exercise's
 *              trusted runner, timed against the reference's module in the
 *              same run (docs/trusted-runner.md)
 *   linked     the host-driven exercises on a GPU: a test program linked from
 *              the learner's host code (a shared object that the host runner,
 *              started beside the build, loads), the reference timed by a run
 *              of its own
 *   emu        the CPU emulator under ThreadSanitizer: correctness only
 *   sanitize   the gpu or linked build under compute-sanitizer's tools
 *
 * `cudajudge judge --prebuilt BIN` runs BIN through the backend chosen by
 * --backend (linked when none) without building anything.
 */
#ifndef HARNESS_ENGINE_BACKENDS_BACKEND_H
#define HARNESS_ENGINE_BACKENDS_BACKEND_H

#include <stdbool.h>

#include "build/build.h"
#include "run/cases.h"
#include "run/supervise.h"

struct judgement;

/* What a backend does (backend.supports). */
enum {
	BACKEND_DEVICE = 1u << 0,      /* runs on the CUDA device: its lock, its errors */
	BACKEND_TIMES = 1u << 1,       /* measures: a timed case, speed rules, the reference */
	BACKEND_SMALL_CASES = 1u << 2, /* the emulator's case sizes (it is slow) */
	/* runs no code of the learner's on the host (the trusted runner): its
	 * cases, golden outputs included, may be kept in a folder for other
	 * judgements (run/cases_dir.h) */
	BACKEND_NO_HOST_CODE = 1u << 3,
};

struct backend {
	const char *name; /* the summary's "backend" once it runs */
	unsigned supports;
	/* Whether it can judge this exercise here (tools found, allowed by
	 * problems.yaml); when not, the summary's verdict and message say why. */
	bool (*ready)(struct judgement *j);
	/* Builds j->bin (and j->module) from the learner's file in j->work. */
	void (*build)(struct judgement *j, struct build_result *br);
	/* The limits of a run of the test program, within the jail's. NULL:
	 * backend_default_limits. */
	void (*limits)(const struct judgement *j, struct run_limits *lim);
	/* The command line of a run over `set` (NULL while the cases are being
	 * made: a run started early): argv (the test program's own, with
	 * room for 4 more words) extended, or wrapped in a new malloc'd array.
	 * NULL: the test program's own. */
	char **(*command)(struct judgement *j, const struct case_set *set, char **argv);
	/* After the cases were decided, what it adds: another tool's findings,
	 * the reference's time. NULL: nothing. */
	void (*after_run)(struct judgement *j, struct case_set *set);
	/* Whether its test program can start before the build (the trusted
	 * runner, the host runner: run/warm_runner.h), with j->bin and
	 * j->module set to what the build will make. NULL: never. */
	bool (*starts_early)(struct judgement *j);
	/* What it starts beside the build once the cases are being made (the
	 * reference's own run: linked.c). NULL: nothing. */
	void (*beside_build)(struct judgement *j);
};

/* `cudajudge judge --reference-time`: the reference's own program timed on the
 * exercise's timed case (made from the judgement's seed; the other cases left
 * out), as one JSON line {"type":"reference","median_ms":M,"seconds":S,
 * "cases_run":K} (M <= 0: not timed; K: the cases its program ran, 1); exit 0
 * when timed (linked.c). */
int linked_reference_time(struct judgement *j);

extern const struct backend backend_gpu, backend_linked, backend_emu, backend_sanitize;

/* What the GPU's two backends share (gpu.c: the learner's device code as a
 * module of the trusted runner; linked.c: a test program linked with the
 * learner's host code); they differ in how they build and run. */
#define BACKEND_ON_THE_GPU(more_supports)                                                          \
	.name = "gpu", .supports = BACKEND_DEVICE | BACKEND_TIMES | (more_supports),               \
	.ready = backend_nvcc_ready

/* The limits of a run of j's test program (the backend's, or the default). */
void backend_limits(const struct judgement *j, struct run_limits *lim);

/* The backend asked for (--backend auto|gpu|emu|sanitize): the GPU when there
 * is one (j->dev, queried unless emu was asked for), else the emulator when
 * the exercise allows it; the module or the linked build by the exercise's
 * kind. Sets j->sum.backend and j->sum.device once one can run. */
const struct backend *backend_choose(struct judgement *j);

/* Whether j runs on the CPU emulator. */
bool backend_emulated(const struct judgement *j);

/* Whether j's test program is the judge's own, run bare, with nothing of
 * the learner's on the host: the trusted runner (gpu.c), or the engine's
 * stand-in for a test program (--prebuilt, linked.c). It runs nothing after
 * it says it is done (wire.h: done_s), so its end is not waited for; not
 * under a tool (the sanitizer reports at the program's end). */
bool backend_ends_when_done(const struct judgement *j);

/* The limits every backend starts from: the catalog's (wall_s, cpu_s,
 * memory_mb, output_kb) and the jail (no fork, one program, writes only in
 * j->work, reads only the system and the build folder). */
void backend_default_limits(const struct judgement *j, struct run_limits *lim);

/* ready() of the backends that build with nvcc: without it nothing can be
 * built for a GPU (JE); a stand-in (--prebuilt) needs nothing built. */
bool backend_nvcc_ready(struct judgement *j);

/* The host memory a test program may hold (README's "Limits"), in MiB. */
unsigned long long backend_memory_mb(const struct judgement *j);

#endif
