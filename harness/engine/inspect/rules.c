/*
 * The RULE checker (see rules.h): the rules' names, what a scan found and
 * its evaluation against an exercise's rules, and the check as a job of the
 * judgement (rules_start before the build, rules_finish after it) with its
 * cache. The scans themselves read the PTX (rules_ptx.c) and the source
 * (rules_source.c). Called by judge.c.
 *
 * CJ_RULES_DEBUG=1 in the environment prints what nvcc -ptx said (the emu
 * backend's own run of it) on stderr, for when the check falls back to the
 * source text.
 */
#include "rules.h"

#include "learner_file.h"
#include "rules_scan.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "problem.h"
#include "json.h"
#include "build/nvcc.h"
#include "report/texts.h"
#include "supervise.h"
#include "util.h"

/* Bump when the scan changes, so that cached scans are not reused. */
#define RULES_SCAN_VERSION 6
#define RULES_NVCC_LIMIT_S 300.0

/* Each rule's name (problems.yaml's word for it), and the words a PTX
 * instruction that broke it is said in: the mnemonic ("bar.sync") reads like a
 * name of the learner's own code (a variable called bar) and the learner
 * never wrote it. */
static const struct {
	const char *name;
	enum text_code ptx_words; /* T_NONE: not a rule of PTX instructions */
} rules[RULE_COUNT] = {
        [RULE_SHFL_SYNC] = {"shfl.sync", T_ptx_warp_shuffle},
        [RULE_VOTE_SYNC] = {"vote.sync", T_ptx_warp_vote},
        [RULE_SHARED_MEMORY] = {"shared-memory", T_ptx_shared_access},
        [RULE_SYNCTHREADS] = {"syncthreads", T_ptx_block_barrier},
        [RULE_ATOMIC_CAS] = {"atomicCAS", T_ptx_atomic_cas},
        [RULE_THREADFENCE] = {"threadfence", T_ptx_memory_fence},
        [RULE_COOPERATIVE_GROUPS] = {"cooperative-groups", T_NONE},
        [RULE_GRID_SYNC] = {"grid-sync", T_NONE},
        [RULE_STREAM_WAIT_EVENT] = {"stream-wait-event", T_NONE},
        [RULE_PINNED_MEMORY] = {"pinned-memory", T_NONE},
        [RULE_ASYNC_COPY] = {"async-copy", T_ptx_async_copy},
        [RULE_LIBRARIES] = {"libraries", T_NONE},
        [RULE_LINE_DIRECTIVE] = {"line-directive", T_NONE},
        [RULE_LOCAL_INCLUDE] = {"local-include", T_NONE},
        [RULE_BACKEND_MACRO] = {"backend-macro", T_NONE},
        [RULE_JUDGE_NAME] = {"judge-names", T_NONE},
        [RULE_REFERENCE_COPY] = {"reference-copy", T_NONE},
};

const char *rule_name(int rule)
{
	return rule >= 0 && rule < RULE_COUNT ? rules[rule].name : NULL;
}

int rule_parse(const char *name)
{
	for (int r = 0; r < RULE_YAML_COUNT; ++r)
		if (name && !strcmp(name, rules[r].name))
			return r;
	return -1;
}

const char *rule_vocabulary(void)
{
	return "shfl.sync, vote.sync, shared-memory, syncthreads, atomicCAS, threadfence, "
	       "cooperative-groups, grid-sync, stream-wait-event, pinned-memory, async-copy, "
	       "libraries";
}

void rule_note(struct rule_scan *s, int rule, int line, const char *what, size_t len)
{
	struct rule_use *u = &s->use[rule];
	if (u->found)
		return;
	u->found = true;
	u->line = line;
	if (len >= sizeof u->what)
		len = sizeof u->what - 1;
	memcpy(u->what, what, len);
	u->what[len] = '\0';
}

/* What was found, when it is a phrase rather than a name from the code. The
 * scan (and its cache file) keeps the English; rules_evaluate() gives the
 * learner's language. */
static const enum text_code found_phrases[] = {
        T_found_cooperative_groups,
        T_found_library_code,
        T_found_line_directive,
        T_found_include,
        T_found_include_macro,
        T_found_backend_macro,
        T_found_cj_name,
        T_found_launch_name_defined,
        T_found_cuda_definition,
        T_found_reference_copy,
};

const char *rule_phrase(enum rule_phrase p)
{
	return text_in(found_phrases[p], false);
}

static bool ptx_mnemonic(const char *what)
{
	return strchr(what, '.') && !strpbrk(what, " /()");
}

static const char *found_text(int rule, const char *what)
{
	for (size_t i = 0; i < sizeof found_phrases / sizeof found_phrases[0]; ++i)
		if (strcmp(what, text_in(found_phrases[i], false)) == 0)
			return text_of(found_phrases[i]);
	if (rule >= 0 && rule < RULE_COUNT && rules[rule].ptx_words != T_NONE && ptx_mnemonic(what))
		return text_of(rules[rule].ptx_words);
	return what;
}

void rule_note_text(struct rule_scan *s, int rule, int line, const char *what)
{
	rule_note(s, rule, line, what, strlen(what));
}

void rule_note_phrase(struct rule_scan *s, int rule, int line, enum rule_phrase p)
{
	rule_note_text(s, rule, line, rule_phrase(p));
}

bool rule_ident_char(int c)
{
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* ------------------------------------------------------------------------
 * Evaluation
 * ------------------------------------------------------------------------ */

int rules_evaluate(const struct problem_entry *e, const struct rule_scan *s,
                   struct rule_violation out[RULES_MAX_VIOLATIONS])
{
	int n = 0;
	bool seen[RULE_COUNT] = {false};
	for (size_t i = 0; i < e->require.n && n < RULES_MAX_VIOLATIONS; ++i) {
		int r = rule_parse(e->require.items[i]);
		if (r < 0 || seen[r] || (s->use[r].found && !s->unreached[r]))
			continue;
		seen[r] = true;
		out[n++] = (struct rule_violation){.rule = r, .required = true};
	}
	/* What hides code from the checks or reaches into the judge, first. */
	for (int r = RULE_YAML_COUNT; r < RULE_COUNT && n < RULES_MAX_VIOLATIONS; ++r) {
		if (!s->use[r].found)
			continue;
		seen[r] = true;
		out[n] = (struct rule_violation){.rule = r, .line = s->use[r].line};
		utf8_copy(out[n].what, sizeof out[n].what, found_text(r, s->use[r].what));
		++n;
	}
	bool forbid_libraries = true;
	for (size_t i = 0; i <= e->forbid.n && n < RULES_MAX_VIOLATIONS; ++i) {
		int r = i < e->forbid.n ? rule_parse(e->forbid.items[i]) : RULE_LIBRARIES;
		if (i == e->forbid.n && !forbid_libraries)
			break;
		if (r == RULE_LIBRARIES)
			forbid_libraries = false;
		if (r < 0 || seen[r] || !s->use[r].found)
			continue;
		seen[r] = true;
		out[n] = (struct rule_violation){.rule = r, .line = s->use[r].line};
		utf8_copy(out[n].what, sizeof out[n].what, found_text(r, s->use[r].what));
		++n;
	}
	return n;
}

/* ------------------------------------------------------------------------
 * The background job and its cache
 * ------------------------------------------------------------------------ */

static bool grading;

void rules_set_grading(bool on)
{
	grading = on;
}

static uint64_t hash_file(uint64_t h, const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len);
	h = text ? fnv1a(h, text, len) : fnv1a(h, path, strlen(path));
	free(text);
	return h;
}

static bool load_cached(const char *path, struct rule_scan *s)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char line[512];
	bool ok = fgets(line, sizeof line, f) && atoi(line) == RULES_SCAN_VERSION;
	memset(s, 0, sizeof *s);
	while (ok && fgets(line, sizeof line, f)) {
		int r, at, unreached, len;
		if (sscanf(line, "%d %d %d %n", &r, &at, &unreached, &len) < 3 || r < 0 ||
		    r >= RULE_COUNT) {
			ok = false;
			break;
		}
		char *what = line + len;
		what[strcspn(what, "\n")] = '\0';
		rule_note_text(s, r, at, what);
		s->unreached[r] = unreached != 0;
	}
	fclose(f);
	return ok;
}

static void store_cached(const char *path, const struct rule_scan *s)
{
	char *tmp = xasprintf("%s.tmp%d", path, (int)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f) {
		free(tmp);
		return;
	}
	bool ok = fprintf(f, "%d\n", RULES_SCAN_VERSION) > 0;
	for (int r = 0; r < RULE_COUNT; ++r)
		if (s->use[r].found)
			ok &= fprintf(f, "%d %d %d %s\n", r, s->use[r].line,
			              s->unreached[r] ? 1 : 0, s->use[r].what) > 0;
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
	free(tmp);
}

void rules_start(const struct build_paths *p, const struct problem_entry *e, const char *source,
                 int cc, const char *workdir, struct rules_job *job)
{
	memset(job, 0, sizeof *job);
	job->learner = xstrdup(source);
	job->paths = *p;
	job->id = e->id;
	job->cc = cc;
	job->workdir = xstrdup(workdir);
	/* Where the gpu build (build/module.c, nvcc -keep) leaves them. */
	job->ptx = xasprintf("%s/learner_tu.ptx", workdir);
	job->ii = xasprintf("%s/learner_tu.cpp1.ii", workdir);
	if (!p->nvcc)
		return;
	char *glue = problem_glue_path(p->root, e->id);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *glue_h = xasprintf("%s/harness/runtime/glue.h", p->root);
	char *wire_h = xasprintf("%s/harness/runtime/wire.h", p->root);
	uint64_t h = FNV1A_OFFSET ^ (uint64_t)(RULES_SCAN_VERSION * 1000 + cc);
	h = hash_learner_sources(h, source, p->root); /* and what it includes (build/cache.h) */
	h = hash_learner_sources(h, glue, p->root);   /* and the shared headers it includes */
	h = hash_file(h, tu);
	h = hash_file(h, glue_h);
	h = hash_file(h, wire_h);
	h = fnv1a(h, p->nvcc, strlen(p->nvcc));
	h = fnv1a(h, source, strlen(source)); /* the path is in the line info */
	char *dir = xasprintf("%s/cache/rules", p->build);
	job->cache = xasprintf("%s/%s-%016llx.scan", dir, e->id, (unsigned long long)h);
	job->cached = load_cached(job->cache, &job->scan);
	if (!job->cached)
		make_dirs(dir);
	free(dir);
	free(glue);
	free(tu);
	free(glue_h);
	free(wire_h);
}

bool rules_make_ptx(const struct build_paths *p, const char *id, const char *learner, int cc,
                    const char *dir)
{
	make_dirs(dir);
	char *ptx = xasprintf("%s/learner_tu.ptx", dir);
	char *glue = problem_glue_path(p->root, id);
	struct nvcc_job nj = nvcc_job_of(p, id, glue, learner, cc, ptx, dir);
	nj.ptx = true;
	struct nvcc_line line;
	nvcc_line_init(&line, &nj);
	const struct run_limits lim = {.wall_s = RULES_NVCC_LIMIT_S, .output_keep = 64 * 1024};
	struct run_result r;
	bool ok = run_supervised(line.argv, -1, &lim, &r) == 0 && r.end == RUN_EXITED &&
	          r.exit_code == 0;
	if (getenv("CJ_RULES_DEBUG"))
		fprintf(stderr, "rules: nvcc -ptx: %s\n", r.output ? r.output : r.error);
	run_result_free(&r);
	nvcc_line_free(&line);
	free(glue);
	free(ptx);
	return ok;
}

/* rules_make_ptx into workdir/rules, after the build, not beside it: the
 * supervisor reaps every child of the engine. */
static bool run_nvcc_ptx(struct rules_job *job)
{
	char *keep = xasprintf("%s/rules", job->workdir);
	free(job->ptx);
	free(job->ii);
	job->ptx = xasprintf("%s/learner_tu.ptx", keep);
	job->ii = xasprintf("%s/learner_tu.cpp1.ii", keep);
	bool ok = rules_make_ptx(&job->paths, job->id, job->learner, job->cc, keep);
	free(keep);
	return ok;
}

/* The device primitives the file's text names anywhere (dead code, code
 * only the emulator compiles) break a forbid rule too; they never meet a
 * requirement. */
static void text_forbids(const char *learner, struct rule_scan *s)
{
	char *text = read_file(learner, NULL);
	struct rule_scan t;
	memset(&t, 0, sizeof t);
	if (text)
		rules_scan_source(text, learner, false, false, &t);
	free(text);
	for (int r = 0; r < RULE_YAML_COUNT; ++r)
		if (t.use[r].found && !s->use[r].found) {
			s->use[r] = t.use[r];
			s->unreached[r] = true;
		}
}

static void scan_learner_text(const char *learner, struct rule_scan *s)
{
	char *text = read_file(learner, NULL);
	if (text)
		rules_scan_source(text, learner, false, false, s);
	free(text);
}

void rules_finish(struct rules_job *job, const struct problem_entry *e, struct rules_outcome *out)
{
	memset(out, 0, sizeof *out);
	double t = now_s();
	out->method = "ptx";
	out->cached = job->cached;
	char *glue_path = problem_glue_path(job->paths.root, job->id);
	char *glue = read_file(glue_path, NULL);
	free(glue_path);
	if (!job->cached) {
		bool kept = file_exists(job->ptx) && file_exists(job->ii);
		bool ok = kept || (job->paths.nvcc && run_nvcc_ptx(job));
		char *ptx = ok ? read_file(job->ptx, NULL) : NULL;
		char *ii = ok ? read_file(job->ii, NULL) : NULL;
		if (ptx && ii) {
			/* -1 (the file is not in the line info) means the learner's code
			 * compiled to no device instruction: nothing to find there. */
			rules_scan_ptx_launched(ptx, job->learner, glue, &job->scan);
			rules_scan_source(ii, job->learner, true, true, &job->scan);
			text_forbids(job->learner, &job->scan);
		} else {
			out->method = "source";
			snprintf(out->note, sizeof out->note, "%s",
			         text_of(!job->paths.nvcc ? T_rules_on_text_no_nvcc
			                                  : T_rules_on_text_no_ptx));
			scan_learner_text(job->learner, &job->scan);
		}
		char *text = read_file(job->learner, NULL);
		if (text)
			rules_scan_directives(text, job->paths.root, glue, &job->scan);
		free(text);
		if (ptx && ii && job->cache) /* everything above, directives included */
			store_cached(job->cache, &job->scan);
		free(ptx);
		free(ii);
	}
	free(glue);
	if (grading) {
		char *text = read_file(job->learner, NULL);
		char *ref = xasprintf("%s/reference/%s.cu", job->paths.root, job->id);
		if (text && rules_same_code(text, ref))
			rule_note_phrase(&job->scan, RULE_REFERENCE_COPY, 0, PHRASE_REFERENCE);
		free(ref);
		free(text);
	}
	out->wait_s = now_s() - t;
	out->n = rules_evaluate(e, &job->scan, out->v);
	rules_cancel(job);
}

void rules_cancel(struct rules_job *job)
{
	free(job->workdir);
	free(job->ptx);
	free(job->ii);
	free(job->cache);
	free(job->learner);
	memset(job, 0, sizeof *job);
}

char *rules_json(const struct rules_outcome *o, const char *file, const char *output_verdict)
{
	struct strbuf b = {0};
	sb_puts(&b, "{\"method\":");
	json_str(&b, o->method);
	json_kv_str(&b, "note", o->note[0] ? o->note : NULL);
	sb_printf(&b, ",\"cached\":%s,\"seconds\":", o->cached ? "true" : "false");
	json_num(&b, o->wait_s);
	json_kv_str(&b, "file", file);
	json_kv_str(&b, "output_verdict", output_verdict);
	sb_puts(&b, ",\"violations\":[");
	for (int i = 0; i < o->n; ++i) {
		const struct rule_violation *v = &o->v[i];
		sb_puts(&b, i ? ",{\"rule\":" : "{\"rule\":");
		json_str(&b, rule_name(v->rule));
		json_kv_str(&b, "kind", v->required ? "require" : "forbid");
		sb_printf(&b, ",\"line\":%d", v->line);
		json_kv_str(&b, "found", v->required ? NULL : v->what);
		sb_puts(&b, "}");
	}
	sb_puts(&b, "]}");
	return sb_take(&b);
}
