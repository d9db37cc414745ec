/*
 * cudajudge: the judging engine behind judge.py.
 *
 *   cudajudge catalog --root DIR
 *       validates DIR/problems.yaml and prints it as one JSON object
 *   cudajudge judge --root DIR --build DIR --id ID --file FILE [--seed N] [--no-perf]
 *                   [--grading] [--skip-big-after-wrong]
 *                   [--backend auto|gpu|emu|sanitize]
 *                   [--tool memcheck|racecheck|synccheck|initcheck|all] [--profile]
 *       judges FILE as exercise ID; JSON lines on stdout (see report.h).
 *       --backend sanitize runs the GPU build under compute-sanitizer with
 *       --tool (default memcheck; all: each tool in turn), small cases only.
 *       --prebuilt BIN runs BIN as the test binary without compiling or
 *       looking for a device: the engine's own tests use it with stand-ins.
 *       --skip-big-after-wrong: big cases (the timed one, those of many
 *       megabytes) after a wrong case are not run (verdict SKIP): the
 *       learner's own judgement; grade and check run every case.
 *       --reference-time: only the reference's own program timed on the
 *       timed case (one JSON line; the engine runs itself so beside a
 *       host-driven exercise's build: backends/linked.c).
 *       --lang en|zh: the language of case names, diagnoses and details
 *       (lang.h); English by default. JSON keys and verdicts never change.
 *       --profile: after the verdict, where the time goes (docs/profile.md),
 *       in the summary's "profile"; the verdict is the same without it.
 *   cudajudge device --build DIR [--fresh]
 *       the CUDA device as one JSON object
 *   cudajudge policy FILE [--root DIR] [--lang en|zh]
 *       validates a grading policy (policy.h) and prints it as one JSON object
 *   cudajudge fingerprint --root DIR --build DIR
 *       one hex hash of everything a verdict depends on besides the judged
 *       file (build/cache.h: the engine, problems.yaml, harness/problems,
 *       harness/emu, harness/runtime, the references, the runtime libraries,
 *       the cj-runner-* programs, the references' modules); the grading
 *       records keep it, and a record whose fingerprint differs is stale
 *   cudajudge nvcc-line --nvcc PATH --root DIR --id ID --file FILE --arch sm_XY
 *                       [--module] --out FILE [--depfile FILE] [--keep-dir DIR] [--run]
 *       the one nvcc command line of a learner's file or a reference with its
 *       exercise's glue (build/nvcc.h), one word per line, or run (--run);
 *       meson builds the references' modules with it (as cj-nvcc-line)
 *
 * Exit status: 0 accepted, 1 the learner's code failed, 2 the judge or the
 * environment failed (a message on stderr says what to do).
 */
#include <errno.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "problem.h"
#include "build/cache.h"
#include "build/nvcc.h"
#include "config/catalog.h"
#include "run/device.h"
#include "judge.h"
#include "report/json.h"
#include "report/lang.h"
#include "config/policy.h"
#include "rules.h"
#include "verdict/sanitize.h"
#include "util.h"
#include "wire.h"

static void usage(void)
{
	fputs("usage: cudajudge catalog --root DIR\n"
	      "       cudajudge judge --root DIR --build DIR --id ID --file FILE [--seed N] "
	      "[--no-perf] [--grading] [--skip-big-after-wrong] [--backend auto|gpu|emu|sanitize]\n"
	      "                       [--tool memcheck|racecheck|synccheck|initcheck|all] "
	      "[--profile] [--timing-rounds K] [--cases-dir DIR]\n"
	      "       cudajudge device --build DIR [--fresh]\n"
	      "       cudajudge policy FILE [--root DIR] [--lang en|zh]\n"
	      "       cudajudge fingerprint --root DIR --build DIR\n"
	      "       cudajudge nvcc-line --nvcc PATH --root DIR --id ID --file FILE "
	      "--arch sm_XY [--module]\n"
	      "                           --out FILE [--depfile FILE] [--keep-dir DIR] [--run]\n"
	      "       (judge also takes --lang en|zh: the language of its texts, en by default)\n",
	      stderr);
	exit(2);
}

static void list_json(struct strbuf *b, const char *key, const struct string_list *l)
{
	json_key(b, key);
	sb_puts(b, "[");
	for (size_t i = 0; i < l->n; ++i) {
		if (i)
			sb_puts(b, ",");
		json_str(b, l->items[i]);
	}
	sb_puts(b, "]");
}

static void pair_json(struct strbuf *b, const char *key, const struct text_pair *t)
{
	json_kv_pair(b, key, t->en, t->zh);
}

static void entry_json(struct strbuf *b, const struct problem_entry *e)
{
	sb_puts(b, "{\"id\":");
	json_str(b, e->id);
	list_json(b, "aliases", &e->aliases);
	json_kv_str(b, "chapter", e->chapter);
	pair_json(b, "title", &e->title);
	pair_json(b, "statement", &e->statement);
	json_kv_str(b, "signature", e->signature);
	pair_json(b, "launch", &e->launch);
	sb_puts(b, ",\"hints\":{");
	list_json(b, "en", &e->hints_en);
	list_json(b, "zh", &e->hints_zh);
	sb_puts(b, "},\"rules\":{");
	list_json(b, "require", &e->require);
	list_json(b, "forbid", &e->forbid);
	sb_printf(b, "},\"check\":{\"exact\":%s", e->check.exact ? "true" : "false");
	json_kv_num(b, "rtol", e->check.rtol);
	json_kv_num(b, "atol", e->check.atol);
	sb_puts(b, "},\"limits\":{");
	json_kv_num(b, "wall_s", e->limits.wall_s);
	json_kv_num(b, "cpu_s", e->limits.cpu_s);
	sb_printf(b, ",\"memory_mb\":%llu,\"output_kb\":%llu}",
	          (unsigned long long)e->limits.memory_mb, (unsigned long long)e->limits.output_kb);
	sb_printf(b, ",\"perf\":{\"n\":%lld", (long long)e->perf.n);
	json_kv_num(b, "bytes_per_elem", e->perf.bytes_per_elem);
	sb_printf(b, ",\"reps\":%u,\"bandwidth\":%s", e->perf.reps,
	          e->perf.bandwidth ? "true" : "false");
	if (e->perf.ceiling_pct > 0) {
		json_key(b, "ceiling");
		sb_puts(b, "{");
		json_kv_num(b, "pct_of_copy", e->perf.ceiling_pct);
		json_kv_str(b, "en", e->perf.ceiling_why.en);
		json_kv_str(b, "zh", e->perf.ceiling_why.zh);
		sb_puts(b, "}");
	}
	sb_puts(b, "}");
	sb_puts(b, ",\"backends\":[");
	const char *sep = "";
	static const struct {
		unsigned bit;
		const char *name;
	} names[] = {{BACKEND_GPU, "gpu"}, {BACKEND_EMU, "emu"}, {BACKEND_SANITIZE, "sanitize"}};
	for (size_t i = 0; i < 3; ++i)
		if (e->backends & names[i].bit) {
			sb_printf(b, "%s\"%s\"", sep, names[i].name);
			sep = ",";
		}
	sb_puts(b, "],\"skip\":{");
	json_kv_str(b, "emu", e->emu_skip_reason);
	json_kv_str(b, "emu_zh", e->emu_skip_reason_zh);
	json_kv_str(b, "sanitize", e->sanitize_skip_reason);
	json_kv_str(b, "sanitize_zh", e->sanitize_skip_reason_zh);
	sb_printf(b, "},\"harness\":%s", problem_find(e->id) ? "true" : "false");
	sb_printf(b,
	          ",\"template\":\"templates/%s.cu\",\"exercise\":\"exercises/%s.cu\","
	          "\"reference\":\"reference/%s.cu\",\"line\":%d}",
	          e->id, e->id, e->id, e->line);
}

/* The folder `path` from the root of the file system: the compilers and the
 * test program run in folders of their own, where a relative --root or
 * --build would name something else ("--root ." found no glue). As given
 * when it does not exist. */
static const char *absolute(const char *path, char real[PATH_MAX])
{
	return realpath(path, real) ? real : path;
}

static int cmd_catalog(const char *root)
{
	char err[1024];
	struct catalog cat;
	char *path = xasprintf("%s/problems.yaml", root);
	if (catalog_load(path, "problems.yaml", &cat, err, sizeof err) != 0) {
		fprintf(stderr, "%s\n", err);
		free(path);
		return 2;
	}
	free(path);
	struct strbuf b = {0};
	sb_puts(&b, "{\"problems\":[");
	for (size_t i = 0; i < cat.n; ++i) {
		if (i)
			sb_puts(&b, ",");
		entry_json(&b, &cat.entries[i]);
	}
	sb_puts(&b, "]}");
	char *s = sb_take(&b);
	puts(s);
	free(s);
	catalog_free(&cat);
	return 0;
}

static int cmd_device(const char *build, bool fresh)
{
	struct device_info d;
	device_query(build, fresh, &d);
	struct strbuf b = {0};
	sb_printf(&b, "{\"found\":%s", d.found ? "true" : "false");
	json_kv_str(&b, "name", d.found ? d.name : NULL);
	sb_printf(&b, ",\"cc\":%d,\"sm_count\":%d,\"l2_bytes\":%lld,\"copy_gbps\":", d.cc,
	          d.sm_count, d.l2_bytes);
	json_num(&b, d.copy_gbps);
	json_kv_str(&b, "error", d.found ? NULL : (d.error[0] ? d.error : "no CUDA device"));
	sb_puts(&b, "}");
	char *s = sb_take(&b);
	puts(s);
	free(s);
	return 0;
}

static uint64_t parse_seed(const char *s)
{
	char *end;
	errno = 0;
	unsigned long long v = strtoull(s, &end, 10);
	if (!*s || *end || errno || s[0] == '-')
		die("--seed takes a whole number, not '%s'", s);
	return v;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		usage();
	const char *cmd = argv[1];
	if (!strcmp(cmd, "policy"))
		return policy_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "fingerprint"))
		return fingerprint_main(argc - 2, argv + 2);
	if (!strcmp(cmd, "nvcc-line"))
		return nvcc_line_main(argc - 2, argv + 2);
	struct judge_options o = {0};
	bool fresh = false;
	for (int i = 2; i < argc; ++i) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--no-perf")) {
			o.no_perf = true;
		} else if (!strcmp(a, "--skip-big-after-wrong")) {
			o.skip_big_after_wrong = true;
		} else if (!strcmp(a, "--reference-time")) {
			o.reference_time = true;
		} else if (!strcmp(a, "--profile")) {
			o.profile = true;
		} else if (v && !strcmp(a, "--timing-rounds")) {
			char *end;
			long k = strtol(v, &end, 10);
			if (*end || k < 1 || k > CJ_MAX_ROUNDS)
				die("--timing-rounds takes a whole number from 1 to %d, not '%s'",
				    CJ_MAX_ROUNDS, v);
			o.timing_rounds = (unsigned)k;
			++i;
		} else if (v && !strcmp(a, "--cases-dir")) {
			o.cases_dir = v, ++i;
		} else if (!strcmp(a, "--grading")) {
			rules_set_grading(true); /* a reference copy is RULE (docs/security.md) */
		} else if (!strcmp(a, "--fresh")) {
			fresh = true;
		} else if (v && !strcmp(a, "--root")) {
			static char root[PATH_MAX];
			o.root = absolute(v, root), ++i;
		} else if (v && !strcmp(a, "--build")) {
			static char build[PATH_MAX];
			o.build = absolute(v, build), ++i;
		} else if (v && !strcmp(a, "--id")) {
			o.id = v, ++i;
		} else if (v && !strcmp(a, "--file")) {
			o.file = v, ++i;
		} else if (v && !strcmp(a, "--backend")) {
			if (strcmp(v, "auto") && strcmp(v, "gpu") && strcmp(v, "emu") &&
			    strcmp(v, "sanitize"))
				die("--backend takes auto, gpu, emu or sanitize, not '%s'", v);
			o.backend = v, ++i;
		} else if (v && !strcmp(a, "--lang")) {
			if (lang_set(v) != 0)
				die("--lang takes en or zh, not '%s'", v);
			++i;
		} else if (v && !strcmp(a, "--tool")) {
			o.sanitize_tools = sanitize_parse_tools(v);
			if (!o.sanitize_tools)
				die("--tool takes memcheck, racecheck, synccheck, initcheck or "
				    "all, not "
				    "'%s'",
				    v);
			++i;
		} else if (v && !strcmp(a, "--prebuilt")) {
			o.prebuilt = v, ++i;
		} else if (v && !strcmp(a, "--seed")) {
			o.seed = parse_seed(v), o.have_seed = true, ++i;
		} else {
			fprintf(stderr, "cudajudge: unknown or incomplete option '%s'\n", a);
			usage();
		}
	}
	if (!strcmp(cmd, "catalog") && o.root)
		return cmd_catalog(o.root);
	if (!strcmp(cmd, "device") && o.build)
		return cmd_device(o.build, fresh);
	if (!o.sanitize_tools)
		o.sanitize_tools = 1u << SAN_MEMCHECK;
	if (!strcmp(cmd, "judge") && o.root && o.build && o.id && o.file)
		return judge_file(&o);
	usage();
}
