/*
 * problems.yaml loading (harness/engine/config/catalog.c): a valid catalog, lookups,
 * and one malformed input per kind of mistake, each of which must give one
 * message "<shown path>:LINE:COLUMN: what is wrong".
 *
 * Usage: test_catalog YAML_DIR SCRATCH_DIR [TEST...]
 *   YAML_DIR    tests/unit/yaml (the fixtures)
 *   SCRATCH_DIR a writable folder for temporary files
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config/catalog.h"
#include "unit.h"

static const char *yaml_dir = "tests/unit/yaml";
static const char *scratch_dir = "/tmp";

static char *fixture_path(const char *name)
{
	static char path[4096];
	snprintf(path, sizeof path, "%s/%s", yaml_dir, name);
	return path;
}

/* Reads a fixture into memory (for the in-memory variants). */
static char *slurp(const char *name, size_t *len)
{
	FILE *f = fopen(fixture_path(name), "rb");
	if (!f) {
		fprintf(stderr, "cannot open fixture %s\n", fixture_path(name));
		exit(99);
	}
	char *buf = NULL;
	size_t cap = 0, n = 0;
	for (;;) {
		if (n + 4096 > cap) {
			cap = (n + 4096) * 2;
			buf = realloc(buf, cap);
		}
		size_t k = fread(buf + n, 1, cap - n - 1, f);
		if (k == 0)
			break;
		n += k;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* ------------------------------------------------------------------ valid */

/* A list read from the catalog: its length, then each item in order (want ends in NULL). */
static void check_list(const char *what, const struct string_list *list, const char *const *want)
{
	size_t n = 0;
	while (want[n])
		++n;
	CHECK_MSG(list->n == n, "%s: %zu items, expected %zu", what, list->n, n);
	for (size_t i = 0; i < n && i < list->n; ++i)
		CHECK_MSG(list->items[i] && !strcmp(list->items[i], want[i]),
		          "%s[%zu]: \"%s\", expected \"%s\"", what, i,
		          list->items[i] ? list->items[i] : "(null)", want[i]);
}

#define LIST(...) ((const char *const[]){__VA_ARGS__, NULL})

static void test_valid_catalog(void)
{
	struct catalog cat;
	char err[1024] = "";
	int rc = catalog_load(fixture_path("valid.yaml"), "yaml/valid.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == 0, "valid.yaml did not load: %s", err);
	if (rc != 0)
		return;
	CHECK_STR_EQ(cat.path, "yaml/valid.yaml");
	CHECK_UINT(cat.n, ==, 3);
	if (cat.n != 3) {
		catalog_free(&cat);
		return;
	}

	const struct problem_entry *e = &cat.entries[0];
	CHECK_STR_EQ(e->id, "warp_scan");
	CHECK_INT(e->line, ==, 2);
	check_list("aliases", &e->aliases, LIST("warp_inclusive_scan", "wscan"));
	CHECK_STR_EQ(e->chapter, "sync-warp");
	CHECK_STR_EQ(e->title.en, "Warp inclusive scan");
	CHECK_STR_EQ(e->title.zh, "warp 内的包含式前缀和");
	CHECK_STR_EQ(e->statement.en, "Line one.\nLine two.\n");
	CHECK_STR_EQ(e->statement.zh, "第一行。\n");
	CHECK_STR_EQ(e->signature, "__device__ int warp_inclusive_scan(int v)");
	CHECK_STR_EQ(e->launch.en, "blocks of 32 to 1024 threads");
	CHECK_STR_EQ(e->launch.zh, "每块 32 到 1024 个线程");
	check_list(
	        "hints.en", &e->hints_en,
	        LIST("Use shuffles.", "Pull from lower lanes.", "Add only when lane >= offset."));
	check_list("hints.zh", &e->hints_zh,
	           LIST("用 shuffle。", "从更低的 lane 取值。", "只在 lane >= offset 时相加。"));
	check_list("rules.require", &e->require, LIST("shfl.sync"));
	check_list("rules.forbid", &e->forbid, LIST("shared-memory", "syncthreads"));
	CHECK(e->check.exact);
	CHECK_DBL(e->check.rtol, ==, 0);
	CHECK_DBL(e->check.atol, ==, 0);
	/* limits: all defaults */
	CHECK_DBL(e->limits.wall_s, ==, 10);
	CHECK_DBL(e->limits.cpu_s, ==, 20);
	CHECK_UINT(e->limits.output_kb, ==, 64);
	CHECK_UINT(e->limits.memory_mb, ==, 0);
	CHECK_INT(e->perf.n, ==, 16777216);
	CHECK_DBL(e->perf.bytes_per_elem, ==, 8);
	CHECK_UINT(e->perf.reps, ==, 20);
	CHECK(e->perf.bandwidth);              /* by default a time is about bandwidth */
	CHECK_DBL(e->perf.ceiling_pct, ==, 0); /* and the copy is its ceiling */
	CHECK_UINT(e->backends, ==, BACKEND_GPU | BACKEND_SANITIZE);
	CHECK(e->emu_skip_reason == NULL);
	CHECK(e->emu_skip_reason_zh == NULL);
	CHECK(!e->coresident); /* blocks run in turn unless asked */

	e = &cat.entries[1];
	CHECK_STR_EQ(e->id, "block_reduce_sum");
	CHECK_INT(e->line, ==, 22);
	CHECK_UINT(e->aliases.n, ==, 0);
	check_list("hints.en", &e->hints_en, LIST("first", "second"));
	check_list("hints.zh", &e->hints_zh, LIST("第一", "第二"));
	CHECK_UINT(e->require.n, ==, 0);
	CHECK_UINT(e->forbid.n, ==, 0);
	CHECK(!e->check.exact);
	CHECK_DBL(e->check.rtol, ==, 1e-5);
	CHECK_DBL(e->check.atol, ==, 1.5e-6);
	CHECK_DBL(e->limits.wall_s, ==, 4);
	CHECK_DBL(e->limits.cpu_s, ==, 8); /* 2 x wall_s when not given */
	CHECK_UINT(e->limits.output_kb, ==, 16);
	CHECK_UINT(e->limits.memory_mb, ==, 512);
	CHECK_INT(e->perf.n, ==, 1048576);
	CHECK_DBL(e->perf.bytes_per_elem, ==, 4.5);
	CHECK_UINT(e->perf.reps, ==, 7);
	CHECK(e->perf.bandwidth);
	CHECK_DBL(e->perf.ceiling_pct, ==, 57.5);
	CHECK_STR_EQ(e->perf.ceiling_why.en, "one at a time");
	CHECK_STR_EQ(e->perf.ceiling_why.zh, "一次一个");
	CHECK_UINT(e->backends, ==, BACKEND_GPU | BACKEND_EMU | BACKEND_SANITIZE);
	CHECK_STR_EQ(e->emu_skip_reason, "needs a real device");
	CHECK_STR_EQ(e->emu_skip_reason_zh, "需要真正的设备");

	e = &cat.entries[2];
	CHECK_STR_EQ(e->id, "grid_sync2");
	CHECK_INT(e->line, ==, 35);
	CHECK_DBL(e->limits.wall_s, ==, 2.5);
	CHECK_DBL(e->limits.cpu_s, ==, 3); /* given: kept */
	CHECK_UINT(e->limits.output_kb, ==, 64);
	CHECK_INT(e->perf.n, ==, 1);
	CHECK_DBL(e->perf.bytes_per_elem, ==, 0);
	CHECK_UINT(e->perf.reps, ==, 1000);
	CHECK(!e->perf.bandwidth);
	CHECK_DBL(e->perf.ceiling_pct, ==, 0);
	CHECK_UINT(e->backends, ==, BACKEND_EMU);
	CHECK(e->coresident);
	CHECK_STR_EQ(e->race_advice.en, "grid.sync() between the steps");
	CHECK_STR_EQ(e->race_advice.zh, "步与步之间 grid.sync()");
	CHECK(cat.entries[0].race_advice.en == NULL); /* optional */
	CHECK_STR_EQ(e->profile.case_name, "sample");
	CHECK_STR_EQ(e->profile.advice[COST_BARRIERS].en, "one grid.sync() a step");
	CHECK_STR_EQ(e->profile.advice[COST_BARRIERS].zh, "每步一次 grid.sync()");
	CHECK(e->profile.advice[COST_OCCUPANCY].en == NULL);
	CHECK(cat.entries[0].profile.case_name == NULL); /* optional */
	CHECK_STR_EQ(profile_cost_name(COST_BANK_CONFLICTS), "bank_conflicts");
	CHECK(profile_cost_name(COST_COUNT) == NULL);
	catalog_free(&cat);
	CHECK(cat.entries == NULL && cat.n == 0 && cat.path == NULL);
}

/* The same text from memory gives the same catalog. */
static void test_valid_catalog_parse(void)
{
	size_t len;
	char *text = slurp("valid.yaml", &len);
	struct catalog cat;
	char err[1024] = "";
	int rc = catalog_parse(text, len, "mem.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == 0, "did not parse: %s", err);
	if (rc == 0) {
		CHECK_UINT(cat.n, ==, 3);
		CHECK_STR_EQ(cat.path, "mem.yaml");
		catalog_free(&cat);
	}
	/* Not NUL-terminated: only len bytes may be read. */
	char *copy = malloc(len);
	memcpy(copy, text, len);
	rc = catalog_parse(copy, len, "mem.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == 0, "did not parse without a terminating NUL: %s", err);
	if (rc == 0)
		catalog_free(&cat);
	free(copy);
	free(text);
}

static void test_find(void)
{
	struct catalog cat;
	char err[1024] = "";
	if (catalog_load(fixture_path("valid.yaml"), "valid.yaml", &cat, err, sizeof err) != 0) {
		CHECK_MSG(0, "valid.yaml did not load: %s", err);
		return;
	}
	CHECK(catalog_find(&cat, "warp_scan") == &cat.entries[0]);
	CHECK(catalog_find(&cat, "warp_inclusive_scan") == &cat.entries[0]);
	CHECK(catalog_find(&cat, "wscan") == &cat.entries[0]);
	CHECK(catalog_find(&cat, "block_reduce_sum") == &cat.entries[1]);
	CHECK(catalog_find(&cat, "grid_sync2") == &cat.entries[2]);
	CHECK(catalog_find(&cat, "nope") == NULL);
	CHECK(catalog_find(&cat, "") == NULL);
	CHECK(catalog_find(&cat, "warp") == NULL);       /* no prefix matching */
	CHECK(catalog_find(&cat, "warp_scan_") == NULL); /* nor extension */
	CHECK(catalog_find(&cat, "WARP_SCAN") == NULL);  /* exact: case matters */
	CHECK(catalog_find(&cat, "sync-warp") == NULL);  /* a chapter is not a name */
	catalog_free(&cat);

	struct catalog empty = {0};
	CHECK(catalog_find(&empty, "warp_scan") == NULL);
}

/* -------------------------------------------------------- malformed files */

/* Checks that err is "<path>:<line>:<col>: " followed by text containing every
 * needle. */
static void check_error(const char *where, const char *err, const char *path, int line, int col,
                        const char *const needles[])
{
	char prefix[512];
	snprintf(prefix, sizeof prefix, "%s:%d:%d: ", path, line, col);
	CHECK_MSG(strncmp(err, prefix, strlen(prefix)) == 0, "%s: error should start with '%s': %s",
	          where, prefix, err);
	for (int i = 0; needles[i]; ++i)
		CHECK_MSG(strstr(err, needles[i]) != NULL, "%s: error should mention '%s': %s",
		          where, needles[i], err);
}

struct bad_file {
	const char *name;
	int line, col;
	const char *needles[4];
};

static const struct bad_file bad_files[] = {
        {"unknown_key.yaml",
         4,
         3,
         {"unknown key 'titel' in an exercise",
          "(expected one of: id, aliases, chapter, title, statement, signature, launch, hints, "
          "rules, check, limits, perf, backends, skip, coresident, race_advice, profile)"}},
        {"unknown_key_nested.yaml",
         9,
         23,
         {"unknown key 'wal_s' in limits",
          "(expected one of: wall_s, cpu_s, memory_mb, output_kb)"}},
        {"missing_key.yaml", 1, 3, {"exercise 'alpha' is missing the required key 'signature'"}},
        {"wrong_type.yaml", 2, 12, {"chapter must be a string, found a list"}},
        {"bad_number.yaml", 9, 20, {"limits.wall_s must be a number, found 'ten'"}},
        {"negative_number.yaml", 9, 35, {"perf.bytes_per_elem must not be negative, found -8"}},
        /* libyaml's own words for a tab where indentation is expected */
        {"tab_indent.yaml",
         3,
         1,
         {"found a tab character that violates indentation", "while scanning a plain scalar"}},
        {"empty.yaml", 1, 1, {"the catalog is empty: expected a list of exercises"}},
        {"comment_only.yaml", 1, 1, {"the catalog is empty"}},
        {"mapping_root.yaml", 1, 1, {"the catalog must be a list of exercises, found a mapping"}},
        {"duplicate_id.yaml", 12, 3, {"id 'alpha' is already used by exercise 'alpha' (line 1)"}},
        {"alias_clash.yaml", 12, 3, {"alias 'alpha' is already used by exercise 'alpha' (line 1)"}},
        {"hints_count.yaml", 7, 33, {"hints.zh has 2 hints but hints.en has 3"}},
        {"one_hint.yaml", 7, 15, {"hints.en needs at least two hints, found 1"}},
        {"unknown_backend.yaml", 10, 19, {"unknown backend 'cpu' (expected gpu, emu or sanitize)"}},
};

static void test_bad_files(void)
{
	for (size_t i = 0; i < sizeof bad_files / sizeof *bad_files; ++i) {
		const struct bad_file *b = &bad_files[i];
		char shown[256], err[1024] = "";
		snprintf(shown, sizeof shown, "yaml/%s", b->name);
		struct catalog cat;
		memset(&cat, 0x5a, sizeof cat); /* must be reset even on failure */
		int rc = catalog_load(fixture_path(b->name), shown, &cat, err, sizeof err);
		CHECK_MSG(rc == -1, "%s: loaded although malformed", b->name);
		if (rc == 0) {
			catalog_free(&cat);
			continue;
		}
		check_error(b->name, err, shown, b->line, b->col, b->needles);
		CHECK_MSG(cat.n == 0 && cat.entries == NULL && cat.path == NULL,
		          "%s: the catalog is not empty after a failure", b->name);
		catalog_free(&cat); /* harmless on an empty catalog */
	}
}

/* The same files from memory give the same messages. */
static void test_bad_files_parse(void)
{
	for (size_t i = 0; i < sizeof bad_files / sizeof *bad_files; ++i) {
		const struct bad_file *b = &bad_files[i];
		size_t len;
		char *text = slurp(b->name, &len);
		char err[1024] = "";
		struct catalog cat;
		int rc = catalog_parse(text, len, "problems.yaml", &cat, err, sizeof err);
		CHECK_MSG(rc == -1, "%s: parsed although malformed", b->name);
		if (rc == 0)
			catalog_free(&cat);
		else
			check_error(b->name, err, "problems.yaml", b->line, b->col, b->needles);
		free(text);
	}
}

/* ------------------------------------------------------- in-memory cases */

/* The base entry of the fixtures, 10 lines; `extra` lines go after line 8
 * (check:) so that perf and backends stay last. */
static char *entry(const char *id, const char *aliases_line, const char *extra)
{
	char *s = NULL;
	int n = asprintf(&s,
	                 "- id: %s\n"
	                 "%s"
	                 "  chapter: c1\n"
	                 "  title: {en: \"A\", zh: \"甲\"}\n"
	                 "  statement: {en: \"S\", zh: \"述\"}\n"
	                 "  signature: \"void f()\"\n"
	                 "  launch: {en: \"L\", zh: \"启\"}\n"
	                 "  hints: {en: [h1, h2], zh: [提1, 提2]}\n"
	                 "  check: exact\n"
	                 "%s"
	                 "  perf: {n: 1024, bytes_per_elem: 8}\n"
	                 "  backends: [gpu]\n",
	                 id, aliases_line ? aliases_line : "", extra ? extra : "");
	if (n < 0)
		exit(99);
	return s;
}

/* The base entry with line `line` (1-based, of the 10) replaced by `with`
 * (a whole line, newline included; "" deletes it). */
static char *entry_with(int line, const char *with)
{
	char *base = entry("alpha", NULL, NULL);
	char *out = malloc(strlen(base) + strlen(with) + 1);
	char *o = out;
	int l = 1;
	for (const char *p = base; *p;) {
		const char *nl = strchr(p, '\n');
		size_t len = (size_t)(nl - p) + 1;
		if (l == line) {
			strcpy(o, with);
			o += strlen(with);
		} else {
			memcpy(o, p, len);
			o += len;
		}
		p += len;
		++l;
	}
	*o = '\0';
	free(base);
	return out;
}

static void expect_parse_error(const char *what, const char *text, size_t len, int line, int col,
                               const char *needle)
{
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, len, "problems.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == -1, "%s: parsed although malformed", what);
	if (rc == 0) {
		catalog_free(&cat);
		return;
	}
	const char *needles[] = {needle, NULL};
	check_error(what, err, "problems.yaml", line, col, needles);
	CHECK_MSG(cat.n == 0 && cat.entries == NULL, "%s: catalog not reset", what);
}

/* The base entry with one line replaced, and the error it must give. */
struct entry_error {
	const char *what;   /* the check's name in the TAP output */
	int line_no;        /* the line of the base entry replaced (0: none) */
	const char *with;   /* what stands there instead */
	int line, col;      /* where the error must point */
	const char *needle; /* words the error must hold */
};

static void expect_entry_error(const struct entry_error *e)
{
	char *text = entry_with(e->line_no, e->with);
	expect_parse_error(e->what, text, strlen(text), e->line, e->col, e->needle);
	free(text);
}

/* One row a line, as a table is read (clang-format would fold each row its own way). */
/* clang-format off */
static const struct entry_error entry_errors[] = {
	{"bad id", 1, "- id: Alpha\n", 1, 7, "id 'Alpha' may hold only a-z, 0-9 and _"},
	{"id with a dash", 1, "- id: warp-scan\n", 1, 7, "id 'warp-scan' may hold only a-z, 0-9 and _"},
	{"empty id", 1, "- id: \"\"\n", 1, 7, "id must not be empty"},
	{"no id", 1, "- aliases: [x]\n", 1, 3, "an exercise is missing the required key 'id'"},
	{"key twice", 2, "  chapter: c1\n  chapter: c2\n", 3, 3, "key 'chapter' appears twice in an exercise"},
	{"empty chapter", 2, "  chapter: \"\"\n", 2, 12, "chapter must not be empty"},
	{"title is a string", 3, "  title: A\n", 3, 10, "title must be a mapping, found a scalar"},
	{"title without zh", 3, "  title: {en: \"A\"}\n", 3, 10, "title is missing the required key 'zh'"},
	{"unknown language", 3, "  title: {en: \"A\", zh: \"B\", fr: \"C\"}\n", 3, 29, "unknown key 'fr' in title (expected one of: en, zh)"},
	{"hint not a string", 7, "  hints: {en: [h1, [h2]], zh: [a, b]}\n", 7, 20, "hints.en must be a string, found a list"},
	{"hints a string", 7, "  hints: {en: h1, zh: [a, b]}\n", 7, 15, "hints.en must be a list of strings, found a scalar"},
	{"check unknown word", 8, "  check: approx\n", 8, 10, "check must be 'exact' or {rtol: ..., atol: ...}, found 'approx'"},
	{"check without atol", 8, "  check: {rtol: 1e-5}\n", 8, 10, "check is missing the required key 'atol'"},
	{"check bad rtol", 8, "  check: {rtol: 1e-5x, atol: 0}\n", 8, 17, "check.rtol must be a number, found '1e-5x'"},
	{"check infinite", 8, "  check: {rtol: 1e999, atol: 0}\n", 8, 17, "check.rtol must be a number, found '1e999'"},
	{"check nan", 8, "  check: {rtol: nan, atol: 0}\n", 8, 17, "check.rtol must be a number, found 'nan'"},
	{"wall too small", 8, "  check: exact\n  limits: {wall_s: 0.1}\n", 9, 20, "limits.wall_s must be between 0.5 and 600 seconds"},
	{"wall too large", 8, "  check: exact\n  limits: {wall_s: 601}\n", 9, 20, "limits.wall_s must be between 0.5 and 600 seconds"},
	{"negative cpu", 8, "  check: exact\n  limits: {cpu_s: -1}\n", 9, 19, "limits.cpu_s must not be negative, found -1"},
	{"fractional memory", 8, "  check: exact\n  limits: {memory_mb: 1.5}\n", 9, 23, "limits.memory_mb must be a whole number, found '1.5'"},
	{"limits a list", 8, "  check: exact\n  limits: [1, 2]\n", 9, 11, "limits must be a mapping, found a list"},
	{"perf.n fractional", 9, "  perf: {n: 1.5, bytes_per_elem: 8}\n", 9, 13, "perf.n must be a whole number, found '1.5'"},
	{"perf.n zero", 9, "  perf: {n: 0, bytes_per_elem: 8}\n", 9, 13, "perf.n must be between 1 and 2^31"},
	{"perf.n too large", 9, "  perf: {n: 4294967296, bytes_per_elem: 8}\n", 9, 13, "perf.n must be between 1 and 2^31"},
	{"perf without bytes", 9, "  perf: {n: 5}\n", 9, 9, "perf is missing the required key 'bytes_per_elem'"},
	{"reps zero", 9, "  perf: {n: 5, bytes_per_elem: 8, reps: 0}\n", 9, 41, "perf.reps must be between 1 and 1000"},
	{"reps too many", 9, "  perf: {n: 5, bytes_per_elem: 8, reps: 1001}\n", 9, 41, "perf.reps must be between 1 and 1000"},
	{"bandwidth not a boolean", 9, "  perf: {n: 5, bytes_per_elem: 8, bandwidth: no}\n", 9, 46, "perf.bandwidth must be true or false, found no"},
	{"ceiling without text", 9, "  perf: {n: 5, bytes_per_elem: 8, ceiling: {pct_of_copy: 50}}\n", 9, 44, "perf.ceiling is missing the required key 'en'"},
	{"ceiling above the copy", 9, "  perf: {n: 5, bytes_per_elem: 8, ceiling: {pct_of_copy: 101, en: a, zh: b}}\n", 9, 58, "perf.ceiling.pct_of_copy must be between 1 and 100"},
	{"ceiling without bandwidth", 9, "  perf: {n: 5, bytes_per_elem: 8, bandwidth: false, ceiling: {pct_of_copy: 50, en: a, zh: b}}\n", 9, 62, "perf.ceiling goes with a time about bandwidth: remove it or perf.bandwidth: false"},
	{"no backends", 10, "  backends: []\n", 10, 13, "backends must name at least one of gpu, emu, sanitize"},
	{"backends a string", 10, "  backends: gpu\n", 10, 13, "backends must be a list of strings, found a scalar"},
	{"alias with a space", 1, "- id: alpha\n  aliases: [\"two words\"]\n", 2, 12, "alias 'two words' must be one word"},
	{"skip unknown backend", 10, "  backends: [gpu]\n  skip: {gpu: \"why\"}\n", 11, 10, "unknown key 'gpu' in skip (expected one of: emu, emu_zh, sanitize, "
	 "sanitize_zh)"},
	{"coresident not a boolean", 10, "  backends: [gpu]\n  coresident: yes\n", 11, 15, "coresident must be true or false, found yes"},
	{"coresident a list", 10, "  backends: [gpu]\n  coresident: [true]\n", 11, 15, "coresident must be true or false, found a list"},
	{"rules unknown key", 8, "  check: exact\n  rules: {need: [x]}\n", 9, 11, "unknown key 'need' in rules (expected one of: require, forbid)"},
	{"unknown rule", 8, "  check: exact\n  rules: {forbid: [shared-mem]}\n", 9, 20, "unknown rule 'shared-mem' in rules.forbid (expected one of: shfl.sync, "
	 "vote.sync, shared-memory, syncthreads, atomicCAS, threadfence, "
	 "cooperative-groups, grid-sync, stream-wait-event, pinned-memory, "
	 "async-copy, libraries)"},
	{"unknown required rule", 8, "  check: exact\n  rules: {require: [shfl.sync, __shfl_sync]}\n", 9, 32, "unknown rule '__shfl_sync' in rules.require (expected one of: "
	 "shfl.sync, vote.sync, shared-memory, syncthreads, atomicCAS, "
	 "threadfence, cooperative-groups, grid-sync, stream-wait-event, "
	 "pinned-memory, async-copy, libraries)"},
	{"complex key", 2, "  ? [a, b]\n  : c1\n", 2, 5, "keys of an exercise must be plain words"},
	{"profile without a cost", 10, "  backends: [gpu]\n  profile: {case: \"big\"}\n", 11, 12, "profile names none of the costs bank_conflicts, coalescing, divergence, atomics, barriers, occupancy"},
	{"profile unknown cost", 10, "  backends: [gpu]\n  profile: {speed: {en: a, zh: b}}\n", 11, 13, "unknown key 'speed' in profile (expected one of: bank_conflicts, coalescing, divergence, atomics, barriers, occupancy, case)"},
	{"profile advice without zh", 10, "  backends: [gpu]\n  profile: {divergence: {en: a}}\n", 11, 25, "profile.divergence is missing the required key 'zh'"},
	{"profile case empty", 10, "  backends: [gpu]\n  profile: {case: \"\", atomics: {en: a, zh: b}}\n", 11, 19, "profile.case must not be empty"},
	{"profile a list", 10, "  backends: [gpu]\n  profile: [atomics]\n", 11, 12, "profile must be a mapping, found a list"},
};
/* clang-format on */

static void test_schema_errors(void)
{
	/* the base entry itself is fine */
	char *ok = entry_with(0, "");
	struct catalog cat;
	char err[1024] = "";
	CHECK_MSG(catalog_parse(ok, strlen(ok), "problems.yaml", &cat, err, sizeof err) == 0,
	          "base entry: %s", err);
	if (cat.n)
		catalog_free(&cat);
	free(ok);

	expect_parse_error("not a mapping", "- just a string\n", 16, 1, 3,
	                   "an exercise must be a mapping, found a scalar");
	expect_parse_error("empty list", "[]\n", 3, 1, 1, "the catalog lists no exercises");
	expect_parse_error("root scalar", "hello\n", 6, 1, 1,
	                   "the catalog must be a list of exercises, found a scalar");
	for (size_t i = 0; i < sizeof entry_errors / sizeof *entry_errors; ++i)
		expect_entry_error(&entry_errors[i]);
}

/* Ids and aliases share one namespace, in every direction. */
static void test_name_clashes(void)
{
	char *a = entry("alpha", "  aliases: [beta]\n", NULL);
	char *b = entry("beta", NULL, NULL);
	char *text = NULL;
	if (asprintf(&text, "%s%s", a, b) < 0)
		exit(99);
	expect_parse_error("id clashes with an earlier alias", text, strlen(text), 12, 3,
	                   "id 'beta' is already used by exercise 'alpha' (line 1)");
	free(a), free(b), free(text);

	a = entry("alpha", "  aliases: [x]\n", NULL);
	b = entry("beta", "  aliases: [y, x]\n", NULL);
	if (asprintf(&text, "%s%s", a, b) < 0)
		exit(99);
	expect_parse_error("alias used twice", text, strlen(text), 12, 3,
	                   "alias 'x' is already used by exercise 'alpha' (line 1)");
	free(a), free(b), free(text);

	/* a third entry clashing with the first: the message names the first */
	a = entry("alpha", NULL, NULL);
	b = entry("beta", NULL, NULL);
	char *c = entry("gamma", "  aliases: [alpha]\n", NULL);
	if (asprintf(&text, "%s%s%s", a, b, c) < 0)
		exit(99);
	expect_parse_error("third entry", text, strlen(text), 21, 3,
	                   "alias 'alpha' is already used by exercise 'alpha' (line 1)");
	free(a), free(b), free(c), free(text);
}

/* Everything in the file is read: a second YAML document after `---`
 * (here a malformed one) is an error, not silently dropped. */
static void test_second_document(void)
{
	char *first = entry("alpha", NULL, NULL);
	char *text = NULL;
	if (asprintf(&text, "%s---\nthis is: {garbage\n", first) < 0)
		exit(99);
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, strlen(text), "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	unsigned line = 0;
	CHECK_MSG(sscanf(err, "problems.yaml:%u:", &line) == 1 && line >= 11,
	          "error should point at the second document (line 11 on): '%s'", err);
	free(first);
	free(text);
}

/* A value that does not fit the field it is stored in must not wrap round. */
static void test_reps_wraparound(void)
{
	/* 2^32 + 1 would be stored as 1 in the uint32_t reps field */
	static const struct entry_error wraps = {
	        "reps 2^32+1",
	        9,
	        "  perf: {n: 5, bytes_per_elem: 8, reps: 4294967297}\n",
	        9,
	        41,
	        "perf.reps must be between 1 and 1000"};
	expect_entry_error(&wraps);
}

static void test_nul_byte_file(void)
{
	size_t len;
	char *text = slurp("valid.yaml", &len);
	text[100] = '\0';
	char path[4096];
	snprintf(path, sizeof path, "%s/cj-catalog-XXXXXX", scratch_dir);
	int fd = mkstemp(path);
	CHECK_MSG(fd >= 0, "mkstemp in %s failed", scratch_dir);
	if (fd < 0) {
		free(text);
		return;
	}
	CHECK(write(fd, text, len) == (ssize_t)len);
	close(fd);
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_load(path, "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_STR_EQ(err, "problems.yaml:1:1: the catalog contains a NUL byte: is it a text file?");
	CHECK(cat.n == 0 && cat.entries == NULL);
	unlink(path);

	/* From memory the NUL reaches libyaml, which must refuse it, not stop there. */
	rc = catalog_parse(text, len, "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_PREFIX(err, "problems.yaml:");
	CHECK_CONTAINS(err, "control characters are not allowed");
	free(text);
}

static void test_missing_file(void)
{
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_load("/nonexistent/problems.yaml", "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	CHECK_STR_EQ(err, "problems.yaml: cannot read the catalog: No such file or directory");
	CHECK(cat.n == 0 && cat.entries == NULL);
	/* a directory is not a catalog either */
	rc = catalog_load(yaml_dir, "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	CHECK_PREFIX(err, "problems.yaml");
	if (rc == 0)
		catalog_free(&cat);
}

/* Bytes that are not UTF-8, in the title on line 3 at column 17. */
static const char *const bad_utf8[] = {
        "\xff",         /* a byte that never starts a sequence */
        "\xe4\xb8x",    /* a sequence cut short */
        "\xc0\xaf",     /* an overlong encoding of '/' */
        "\xed\xa0\x80", /* a UTF-16 surrogate */
        NULL,
};

/* Each refused, with the position of its first byte (libyaml reports reading errors
 * with a byte offset, not a mark; the position must still be the byte's). */
static void test_invalid_utf8(void)
{
	for (int i = 0; bad_utf8[i]; ++i) {
		char line[128];
		snprintf(line, sizeof line, "  title: {en: \"A%s\", zh: \"B\"}\n", bad_utf8[i]);
		char *text = entry_with(3, line);
		char err[1024] = "";
		struct catalog cat;
		int rc = catalog_parse(text, strlen(text), "problems.yaml", &cat, err, sizeof err);
		CHECK_MSG(rc == -1, "bad UTF-8 #%d was accepted", i);
		if (rc == 0)
			catalog_free(&cat);
		CHECK_PREFIX(err, "problems.yaml:3:17: ");
		CHECK_MSG(strstr(err, "UTF-8") || strstr(err, "invalid Unicode character"),
		          "bad UTF-8 #%d: %s", i, err);
		free(text);
	}
}

/* libyaml reports a control character, too, with a byte offset: the position must
 * still be the character's. */
static void test_reader_error_position(void)
{
	/* a control character (here a NUL) on line 3, column 17 */
	char *text = entry_with(3, "  title: {en: \"A#\", zh: \"B\"}\n");
	size_t len = strlen(text);
	*strchr(text, '#') = '\0';
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, len, "problems.yaml", &cat, err, sizeof err);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_PREFIX(err, "problems.yaml:3:17: control characters are not allowed");
	free(text);
}

/* A file cut short anywhere is an error with a position or, where the cut
 * happens to leave a complete catalog, a catalog; never a crash. */
static void test_truncated(void)
{
	size_t len;
	char *text = slurp("valid.yaml", &len);
	int loaded = 0, failed = 0;
	for (size_t cut = 0; cut <= len; ++cut) {
		char *part = malloc(cut + 1); /* exact size: valgrind sees any over-read */
		memcpy(part, text, cut);
		char err[1024] = "";
		struct catalog cat;
		int rc = catalog_parse(part, cut, "valid.yaml", &cat, err, sizeof err);
		if (rc == 0) {
			++loaded;
			CHECK_MSG(cat.n >= 1 && cat.n <= 3, "cut %zu: %zu entries", cut, cat.n);
			catalog_free(&cat);
		} else {
			++failed;
			unsigned line, col;
			char colon;
			CHECK_MSG(sscanf(err, "valid.yaml:%u:%u%c", &line, &col, &colon) == 3 &&
			                  colon == ':' && line >= 1 && line <= 49 &&
			                  strlen(err) > 20,
			          "cut %zu: unexpected error '%s'", cut, err);
		}
		free(part);
	}
	CHECK_INT(loaded, >, 0);
	CHECK_INT(failed, >, (int)len / 2);

	/* in the middle of a flow mapping: libyaml's message, at the end of the text */
	const char *title = strstr(text, "title: {en: \"Warp");
	size_t cut = (size_t)(title - text) + strlen("title: {en: \"Warp");
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, cut, "valid.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	CHECK_PREFIX(err, "valid.yaml:5:");
	CHECK_CONTAINS(err, "found unexpected end of stream");
	CHECK_CONTAINS(err, "while scanning a quoted scalar");
	/* ...and just after the opening brace */
	cut = (size_t)(title - text) + strlen("title: {");
	rc = catalog_parse(text, cut, "valid.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	/* libyaml puts the end of the stream at the start of the next line */
	CHECK_PREFIX(err, "valid.yaml:6:1: ");
	CHECK_CONTAINS(err, "did not find expected node content");

	/* in the middle of a block scalar: the scalar ends there, so the entry
	 * lacks everything after it; the first required key missing is named */
	const char *block = strstr(text, "Line two.");
	cut = (size_t)(block - text) + 4;
	rc = catalog_parse(text, cut, "valid.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	CHECK_STR_EQ(err, "valid.yaml:2:3: exercise 'warp_scan' is missing the required key "
	                  "'signature'");
	/* with the rest of the entry restored after the cut block scalar, the
	 * statement itself is what is missing */
	char *patched = NULL;
	if (asprintf(&patched, "%.*s\n%s", (int)cut, text, strstr(text, "  signature:")) < 0)
		exit(99);
	rc = catalog_parse(patched, strlen(patched), "valid.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_STR_EQ(err, "valid.yaml:7:5: statement is missing the required key 'zh'");
	free(patched);
	free(text);
}

/* Messages longer than the buffer are cut, never overflow it. */
static void test_small_error_buffer(void)
{
	static const char *const files[] = {"unknown_key.yaml", "tab_indent.yaml", NULL};
	for (int f = 0; files[f]; ++f)
		for (size_t errlen = 1; errlen <= 40; ++errlen) {
			size_t len;
			char *text = slurp(files[f], &len);
			char err[64];
			memset(err, 'x', sizeof err);
			struct catalog cat;
			int rc = catalog_parse(text, len, "problems.yaml", &cat, err, errlen);
			CHECK_INT(rc, ==, -1);
			CHECK_MSG(memchr(err, '\0', errlen) != NULL, "%s: errlen %zu: no NUL",
			          files[f], errlen);
			CHECK_MSG(err[errlen] == 'x', "%s: errlen %zu: written past the end",
			          files[f], errlen);
			free(text);
		}
}

/* A message cut to fit keeps its start, the file name and position, rather
 * than the words that follow them. */
static void test_small_error_buffer_prefix(void)
{
	size_t len;
	char *text = slurp("unknown_key.yaml", &len);
	char err[16];
	struct catalog cat;
	int rc = catalog_parse(text, len, "problems.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	CHECK_STR_EQ(err, "problems.yaml:4");
	free(text);
}

/* 5000 exercises: loads, in order, quickly enough, and is freed. */
static char *big_catalog(int n, bool clash_at_end, size_t *len)
{
	size_t cap = (size_t)n * 400 + 1024, used = 0;
	char *s = malloc(cap);
	for (int i = 0; i < n; ++i) {
		int id = clash_at_end && i == n - 1 ? 0 : i;
		used += (size_t)snprintf(s + used, cap - used,
		                         "- id: e%05d\n"
		                         "  aliases: [a%05d]\n"
		                         "  chapter: c\n"
		                         "  title: {en: \"T %d\", zh: \"题 %d\"}\n"
		                         "  statement: {en: \"S\", zh: \"述\"}\n"
		                         "  signature: \"void f%d()\"\n"
		                         "  launch: {en: \"L\", zh: \"启\"}\n"
		                         "  hints: {en: [h1, h2], zh: [提1, 提2]}\n"
		                         "  check: {rtol: 1e-5, atol: 1e-6}\n"
		                         "  perf: {n: %d, bytes_per_elem: 8}\n"
		                         "  backends: [gpu, emu]\n",
		                         id, i, i, i, i, i + 1);
	}
	*len = used;
	return s;
}

static void test_huge(void)
{
	size_t len;
	char *text = big_catalog(5000, false, &len);
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, len, "big.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == 0, "5000 entries did not load: %s", err);
	if (rc == 0) {
		CHECK_UINT(cat.n, ==, 5000);
		const struct problem_entry *e = catalog_find(&cat, "e04999");
		CHECK(e == &cat.entries[4999]);
		CHECK(catalog_find(&cat, "a00000") == &cat.entries[0]);
		CHECK(catalog_find(&cat, "a02500") == &cat.entries[2500]);
		if (e) {
			CHECK_INT(e->line, ==, 4999 * 11 + 1);
			CHECK_INT(e->perf.n, ==, 5000);
			CHECK_STR_EQ(e->title.zh, "题 4999");
		}
		catalog_free(&cat);
	}
	free(text);

	/* the last entry repeats the first id: the error points at the last */
	text = big_catalog(5000, true, &len);
	rc = catalog_parse(text, len, "big.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_PREFIX(err, "big.yaml:54990:3: id 'e00000' is already used by exercise 'e00000' "
	                  "(line 1)");
	free(text);
}

/* A catalog nested deeply must be refused, not overflow the stack. */
static void test_deep_nesting(void)
{
	size_t depth = 10000, len = 2 * depth + 1; /* libyaml is quadratic in depth */
	char *text = malloc(len + 1);
	memset(text, '[', depth);
	memset(text + depth, ']', depth);
	text[2 * depth] = '\n';
	text[len] = '\0';
	char err[1024] = "";
	struct catalog cat;
	int rc = catalog_parse(text, len, "deep.yaml", &cat, err, sizeof err);
	CHECK_INT(rc, ==, -1);
	if (rc == 0)
		catalog_free(&cat);
	CHECK_STR_EQ(err, "deep.yaml:1:2: an exercise must be a mapping, found a list");
	free(text);
}

/* The repository's own problems.yaml: an exercise that compute-sanitizer
 * does not judge says why, in both languages (shown by `show`). */
static void test_sanitize_reasons(void)
{
	char path[4096], err[512];
	snprintf(path, sizeof path, "%s/../../../problems.yaml", yaml_dir);
	struct catalog cat;
	int rc = catalog_load(path, "problems.yaml", &cat, err, sizeof err);
	CHECK_MSG(rc == 0, "%s", err);
	if (rc != 0)
		return;
	for (size_t i = 0; i < cat.n; ++i) {
		const struct problem_entry *e = &cat.entries[i];
		bool judged = (e->backends & BACKEND_SANITIZE) != 0;
		CHECK_MSG(judged || (e->sanitize_skip_reason && e->sanitize_skip_reason_zh),
		          "problems.yaml:%d: %s lists no sanitize backend and says no reason "
		          "(skip.sanitize and skip.sanitize_zh)",
		          e->line, e->id);
		CHECK_MSG(!judged || !e->sanitize_skip_reason,
		          "problems.yaml:%d: %s is judged under the sanitizer but says why not",
		          e->line, e->id);
	}
	catalog_free(&cat);
}

static const struct unit_test tests[] = {
        {"problems.yaml: every exercise under the sanitizer, or why not", test_sanitize_reasons},
        {"valid catalog: every field", test_valid_catalog},
        {"valid catalog from memory", test_valid_catalog_parse},
        {"catalog_find by id and alias", test_find},
        {"malformed fixture files (catalog_load)", test_bad_files},
        {"malformed fixture files (catalog_parse)", test_bad_files_parse},
        {"schema errors, one per field", test_schema_errors},
        {"id and alias clashes", test_name_clashes},
        {"perf.reps 2^32+1 is refused", test_reps_wraparound},
        {"a second YAML document is not ignored", test_second_document},
        {"NUL byte", test_nul_byte_file},
        {"missing file", test_missing_file},
        {"invalid UTF-8", test_invalid_utf8},
        {"invalid UTF-8 and NUL: position of the byte", test_reader_error_position},
        {"truncated at every byte", test_truncated},
        {"small error buffer", test_small_error_buffer},
        {"a cut message keeps its position", test_small_error_buffer_prefix},
        {"5000 entries", test_huge},
        {"deep nesting", test_deep_nesting},
        {0},
};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&yaml_dir, &scratch_dir));
	return unit_main_after(tests, own, argc, argv);
}
