/*
 * `judge --profile`: after the verdict, where the time goes (docs/profile.md).
 * The learner's kernel and the reference's run once more, on one case, in a
 * build of their own that counts what their warps do; what each run counted
 * is read back and set side by side, and the exercise's table of costs
 * (problems.yaml's profile) turns what stands out into plain sentences. The
 * verdict is decided before and never looked at again: a profile that
 * cannot be made says why in one line.
 *
 *   profile_run.c     whether a profile can be made, the case, the builds
 *                     and runs (the emulator's; a GPU's is not written yet)
 *   profile_read.c    the emulator's counts (harness/emu/profile.cpp) read
 *                     back into struct profile_figures
 *   profile_ncu.c     on a GPU: Nsight Compute (ncu) found, its command line,
 *                     its CSV read into the same struct profile_figures
 *   profile_report.c  the figures and the findings as the summary's JSON
 */
#ifndef HARNESS_ENGINE_PROFILE_PROFILE_H
#define HARNESS_ENGINE_PROFILE_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "config/catalog.h"
#include "report/texts.h"

struct judgement;

/* Profiles j after its verdict when j->o->profile asks for it: j->sum's
 * profile_json is set either way (the figures, or why there are none). */
void profile_judgement(struct judgement *j);

/* ---- what one kernel's run counted (profile_read.c) ---------------------- */

enum profile_access { ACCESS_LOAD, ACCESS_STORE, ACCESS_ATOMIC, ACCESS_KINDS };

/* The line where a cost is largest, with what it counted there; where[0] is
 * 0 when there is none. */
struct profile_place {
	char where[384]; /* "exercises/transpose.cu:15", from the root */
	char name[64];   /* the shared variable or device buffer, or "" */
	enum profile_access kind;
	uint64_t steps;         /* warp-wide steps there */
	uint64_t partial;       /* of them with lanes of the warp inactive */
	uint64_t ways;          /* shared: the most words one bank held in a step */
	uint64_t conflicted;    /* shared: steps that took more than their ideal */
	uint64_t cost, ideal;   /* wavefronts or sectors there, and the fewest possible */
	uint64_t atomics, most; /* atomics there, and the most on one address */
	uint64_t addresses;     /* atomics: the addresses they went to */
};

struct profile_figures {
	bool made;
	/* the launches of the case */
	int launches;
	unsigned grid[3], block[3]; /* the first launch's */
	unsigned threads_per_block; /* the largest block */
	uint64_t shared_static;     /* bytes of __shared__ variables in the program */
	unsigned shared_dynamic;    /* the most dynamic shared memory of a launch */
	uint64_t blocks, warps;     /* in all launches */
	/* shared memory: warp-wide accesses by kind, the wavefronts they took
	 * (one per bank access cycle), the fewest they could have, and how
	 * many took more */
	uint64_t shared_steps[ACCESS_KINDS];
	uint64_t wavefronts, ideal_wavefronts, conflicted;
	struct profile_place shared_worst;
	/* global memory: warp-wide accesses, the 32-byte sectors they touched
	 * and the fewest that hold their bytes */
	uint64_t global_steps[ACCESS_KINDS];
	uint64_t sectors, ideal_sectors;
	struct profile_place global_worst;
	/* basic blocks run by a warp, and of them with some of its lanes inactive */
	uint64_t branch_steps, partial_steps;
	struct profile_place branch_worst;
	/* barriers a warp waited at */
	uint64_t barrier_steps;
	struct profile_place barrier_worst;
	/* atomics (one per lane), in shared and in global memory; lanes that hit
	 * a word another lane of the same warp-wide atomic hit; the most on one
	 * address at one line */
	uint64_t atomics_shared, atomics_global, same_address, most_on_one_address;
	struct profile_place atomic_worst;
	/* measured by Nsight Compute (profile_ncu.c) rather than counted on the
	 * emulator: no place is named, the counts are warp-level requests, and
	 * what follows is set */
	struct profile_gpu {
		bool on;
		char kernel[128];     /* the learner's kernel (of its longest launch) */
		unsigned metrics;     /* a bit per NCU_* metric found in some launch */
		double time_ns;       /* gpu__time_duration, all launches */
		double lanes;         /* active lanes per warp instruction (longest launch) */
		double lanes_on;      /* of them with their predicate on (longest launch) */
		double occupancy_pct; /* theoretical, of the longest launch */
		double achieved_pct;  /* achieved, of the longest launch */
		unsigned registers;   /* per thread, of the longest launch */
		unsigned limit[4];    /* blocks per SM by registers, shared memory, warps, blocks */
		uint64_t l2_atomics;  /* atomic and reduction requests at L2 */
		uint64_t bank_conflicts; /* shared wavefronts beyond one per request */
		double dram_bytes;       /* read and written at DRAM, of the launches that
		                          * had dram__bytes_{read,write} and a time */
		double dram_time_ns;     /* gpu__time_duration of those launches (0: none) */
	} gpu;
};

/* Reads the counts the profile build wrote to path, keeping the lines of
 * `file` (the judged file's real path; "" keeps every line) and naming them
 * from `root`. False when the file is missing or not the profiler's. */
bool profile_read(const char *path, const char *file, const char *root, struct profile_figures *f);

/* ---- Nsight Compute (profile_ncu.c) ----------------------------------------- */

/* ncu: $CUDAJUDGE_NCU, next to nvcc, $CUDA_PATH/bin, $CUDA_HOME/bin, PATH,
 * /usr/local/cuda/bin. Malloc'd path or NULL. */
char *find_ncu(const char *nvcc);

/* The command line that runs prog_argv under ncu, its CSV to log_path, with
 * every metric the profile reads or (`verified`) only those measured on an
 * H200 and the bytes at DRAM: a malloc'd NULL-terminated array of pointers
 * into static strings, log_path and prog_argv (free() the array only). */
char **ncu_argv(const char *ncu, const char *log_path, char *const prog_argv[], bool verified);

/* Why ncu measured nothing, from its log and output: T_NONE when it did not
 * say; else T_profile_ncu_refused with `why` set. */
enum text_code ncu_refused(const char *text, char *why, size_t size);

/* Reads ncu's CSV (--csv --log-file): every launch but of the judge's own
 * kernels (the runtime's cj_dirty_shared, ...; the launch glue's cj_..._kernel
 * around the learner's device function counts), counters (the bytes at DRAM
 * and their time too) summed over launches, ratios and percentages of the
 * longest launch. False when no such launch has a metric. */
bool ncu_parse(const char *csv, struct profile_figures *f);

/* The metrics no launch of f had, as JSON strings separated by commas. */
struct strbuf;
void ncu_missing(const struct profile_figures *f, struct strbuf *b);

/* Limits of profile_gpu.limit, in its order. */
enum { NCU_BY_REGISTERS, NCU_BY_SHARED, NCU_BY_WARPS, NCU_BY_BLOCKS };

/* ---- the report (profile_report.c) ---------------------------------------- */

/* One kernel's profile: its file, and its figures or why there are none. */
struct profile_side {
	const char *file;   /* as the summary names it */
	struct message why; /* code T_NONE when made */
	struct profile_figures fig;
};

struct profile {
	struct message why; /* code T_NONE: made (for the learner's kernel at least) */
	const char *backend;
	const char *device; /* the GPU's name, on a GPU */
	double copy_gbps;   /* on a GPU: its copy bandwidth as cj-probe measured it; 0 unknown */
	char case_name[48];
	long long case_params[2]; /* n, block */
	struct profile_side learner, reference;
	double seconds;
};

/* The summary's "profile" (malloc'd): the figures of both kernels, the
 * occupancy their shapes allow, and the findings of the exercise's table. */
char *profile_json(const struct problem_entry *e, const struct profile *p);

#endif
