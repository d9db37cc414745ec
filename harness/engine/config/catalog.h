/* problems.yaml: loading with libyaml, validation with file:line:column
 * errors, and the in-memory catalog the rest of the engine reads. */
#ifndef HARNESS_ENGINE_CONFIG_CATALOG_H
#define HARNESS_ENGINE_CONFIG_CATALOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "verdict/check.h"

struct text_pair {
	char *en;
	char *zh;
};

struct string_list {
	char **items;
	size_t n;
};

enum backend_bit {
	BACKEND_GPU = 1u << 0,
	BACKEND_EMU = 1u << 1,
	BACKEND_SANITIZE = 1u << 2,
};

struct limits {
	double wall_s;      /* wall-clock limit of one test binary run */
	double cpu_s;       /* CPU-time limit */
	uint64_t memory_mb; /* host data-segment limit, 0 = none */
	uint64_t output_kb; /* learner output kept for the report */
};

struct perf_spec {
	int64_t n;             /* elements in the timed case; 0 = not timed */
	double bytes_per_elem; /* bytes the kernel must move per element */
	uint32_t reps;         /* timed repetitions */
	/* false (perf.bandwidth: false): the time is not about memory traffic
	 * (latency, a speed rule), so no GB/s, percent or tier is given */
	bool bandwidth;
	/* perf.ceiling: the percent of copy bandwidth that a kernel of the
	 * exercise's own access pattern reaches (bench/ceilings.py, measured on
	 * an H200), the tiers' 100 %; 0 when the copy itself is the ceiling */
	double ceiling_pct;
	struct text_pair ceiling_why; /* what holds it there, in words */
};

/* The costs a profile can name (docs/profile.md), in the order of
 * problems.yaml's profile keys. */
enum profile_cost {
	COST_BANK_CONFLICTS,
	COST_COALESCING,
	COST_DIVERGENCE,
	COST_ATOMICS,
	COST_BARRIERS,
	COST_OCCUPANCY,
	COST_COUNT
};

/* profile: what matters for this exercise's speed, each with the advice a
 * profile that shows it gives (in both languages; en NULL: not this
 * exercise's cost), and the emulator's case to profile (its English name;
 * NULL: the largest it runs). */
struct profile_table {
	char *case_name;
	struct text_pair advice[COST_COUNT];
};

/* The cost's name in problems.yaml and the JSON ("bank_conflicts"). */
const char *profile_cost_name(enum profile_cost cost);

struct problem_entry {
	char *id;
	struct string_list aliases;
	char *chapter;
	struct text_pair title;
	struct text_pair statement;
	char *signature;
	struct text_pair launch; /* the launch configuration, in words (shown by `show`) */
	struct string_list hints_en, hints_zh;
	/* What to do when a race is found, where the usual advice (a barrier
	 * between the write and the read) is not this exercise's fix; en NULL
	 * when it has none (race_advice, optional). */
	struct text_pair race_advice;
	struct string_list require, forbid; /* rules: */
	struct check_spec check;
	struct limits limits;
	struct perf_spec perf;
	unsigned backends;        /* enum backend_bit */
	char *emu_skip_reason;    /* why `emu` cannot judge it, when it cannot */
	char *emu_skip_reason_zh; /* the same in Chinese (skip.emu_zh), or NULL */
	/* why `sanitize` cannot judge it (skip.sanitize, skip.sanitize_zh), or NULL */
	char *sanitize_skip_reason, *sanitize_skip_reason_zh;
	bool coresident; /* the emulator runs every block of a launch at once */
	struct profile_table profile;
	int line; /* where the entry starts in problems.yaml */
};

struct catalog {
	char *path;
	struct problem_entry *entries;
	size_t n;
};

/* Loads and validates path. On failure returns -1 and writes one message of
 * the form "problems.yaml:12:5: unknown key 'titel' (expected one of: ...)"
 * into err. `shown_path` is how the file is named in messages. */
int catalog_load(const char *path, const char *shown_path, struct catalog *cat, char *err,
                 size_t errlen);

/* Same, from memory (for tests and the fuzzer). */
int catalog_parse(const char *text, size_t len, const char *shown_path, struct catalog *cat,
                  char *err, size_t errlen);

void catalog_free(struct catalog *cat);

/* Exact id or alias; NULL when none. */
const struct problem_entry *catalog_find(const struct catalog *cat, const char *name);

#endif
