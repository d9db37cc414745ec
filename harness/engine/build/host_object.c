/* The host-driven exercises' object check; see host_object.h. */
#include "build/host_object.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/cache.h"
#include "build/compiler.h"
#include "hostobj.h"
#include "report/lang.h"
#include "report/texts.h"
#include "util.h"

/* A system call instruction in the object's host code: only inline asm
 * makes one, and it would reach the kernel past every library call the
 * object check sees. Without objdump nothing is checked here. */
static void check_system_calls(const char *obj, const char *shown, struct build_result *res)
{
	char *objdump = find_in_dirs(getenv("PATH"), "objdump");
	if (!objdump)
		return;
	char *argv[] = {objdump, "-d", "--no-show-raw-insn", (char *)obj, NULL};
	char *log = NULL;
	double s = 0;
	int rc = run_tool(argv, &log, &s);
	res->check_s += s;
	const char *hit = NULL;
	for (const char *const *w =
	             (const char *const[]){"\tsyscall", "\tsysenter", "\tint    $0x80", NULL};
	     rc == 0 && *w && !hit; ++w)
		hit = strstr(log, *w);
	if (hit)
		build_refuse(res, say_alloc(T_object_system_call, FIELDS(F_STR("where", shown))));
	if (hit) {
		res->host_code = false;
		res->object_refused = true;
	}
	free(log);
	free(objdump);
}

/* build/cache/hostobj/<hash>.ok: this file (and what it includes) passed the
 * object check with this nvcc, for cc, in this version of the check. */
static char *host_object_pass_marker(const struct build_paths *p, const char *source, int cc)
{
	if (!p->build)
		return NULL;
	uint64_t h = FNV1A_OFFSET ^ (uint64_t)(HOSTOBJ_VERSION * 1000 + cc);
	h = fnv1a(h, source, strlen(source) + 1);
	h = hash_learner_sources(h, source, p->root);
	h = fnv1a(h, p->nvcc, strlen(p->nvcc) + 1);
	char *dir = xasprintf("%s/cache/hostobj", p->build);
	make_dirs(dir);
	char *marker = xasprintf("%s/%016llx.ok", dir, (unsigned long long)h);
	free(dir);
	return marker;
}

/* The learner's file and the glue share a translation unit in the real
 * build: a #define or #undef of a word the glue uses, or code in namespace
 * std (a specialisation of a template the glue times with), would change the
 * glue's own code. The line, and the word in `name`, or 0. */
static int changes_the_glue(const struct build_paths *p, const char *id, const char *source,
                            char *name, size_t len)
{
	char *source_text = read_file(source, NULL);
	if (!source_text)
		return 0;
	char *glue = xasprintf("%s/harness/problems/%s.cuh", p->root, id);
	int found = 0, n = 1;
	for (char *q = source_text; *q && !found; ++q) {
		if (*q == '\n') {
			++n;
			continue;
		}
		if (!strncmp(q, "namespace", 9) &&
		    (q == source_text || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
			const char *r = q + 9;
			while (*r == ' ' || *r == '\t')
				++r;
			if (!strncmp(r, "std", 3) &&
			    !(isalnum((unsigned char)r[3]) || r[3] == '_')) {
				snprintf(name, len, "%s", text_of(T_word_code_in_namespace_std));
				found = n;
			}
			continue;
		}
		if (*q != '#')
			continue;
		const char *r = q + 1;
		while (*r == ' ' || *r == '\t')
			++r;
		int skip = !strncmp(r, "define", 6) ? 6 : !strncmp(r, "undef", 5) ? 5 : 0;
		if (!skip || (r[skip] != ' ' && r[skip] != '\t'))
			continue;
		r += skip;
		while (*r == ' ' || *r == '\t')
			++r;
		size_t k = 0;
		while (isalnum((unsigned char)r[k]) || r[k] == '_')
			++k;
		char word[96];
		snprintf(word, sizeof word, "%.*s", (int)(k < 95 ? k : 95), r);
		if (k && hostobj_line_of(glue, word) > 0) {
			snprintf(name, len, "%s", word);
			found = n;
		}
	}
	free(glue);
	free(source_text);
	return found;
}

/* A finding of the object check as the learner's CE: what runs or is called
 * that may not be, at file:line, and what to do. */
static void refuse_object(const struct hostobj_result *h, const char *source, const char *shown,
                          struct build_result *res)
{
	int line = hostobj_line_of(source, h->word);
	char *where = line ? xasprintf("%s:%d", shown, line) : xstrdup(shown);
	enum text_code code = T_NONE;
	const char *name = h->name;
	switch (h->finding) {
	case HOSTOBJ_STARTUP:
	case HOSTOBJ_EXIT_TABLE:
		code = *h->name ? T_object_runs_by_itself_named : T_object_runs_by_itself;
		break;
	case HOSTOBJ_CALL:
		code = T_object_call_refused;
		break;
	case HOSTOBJ_DEFINITION:
		code = T_object_defines_judge_name;
		name = h->word;
		break;
	default:
		res->status = BUILD_TOOL_FAILED;
		free(res->log);
		res->log = say_alloc(T_object_unreadable, FIELDS(F_STR("object", h->name)));
	}
	if (code != T_NONE)
		build_refuse(res,
		             say_alloc(code, FIELDS(F_STR("where", where), F_STR("name", name))));
	res->host_code = false;
	res->object_refused = code != T_NONE;
	free(where);
}

/* The learner's file compiled alone, its object read for constructors,
 * destructors, calls outside the allowlist and definitions of names that are
 * not its own. */
void check_host_object(const struct build_paths *p, const char *id, const char *source, int cc,
                       const char *workdir, struct build_result *res)
{
	char name[128] = "";
	int line = changes_the_glue(p, id, source, name, sizeof name);
	if (line) {
		res->log = xstrdup("");
		build_refuse(res, say_alloc(T_changes_the_glue,
		                            FIELDS(F_STR("file", relative_to(source, p->root)),
		                                   F_INT("line", line), F_STR("name", name))));
		res->host_code = false;
		res->object_refused = true;
		return;
	}
	char *marker = host_object_pass_marker(p, source, cc);
	if (marker && access(marker, F_OK) == 0) {
		free(marker);
		res->log = xstrdup("");
		return; /* passed before, unchanged: no second compile */
	}
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *obj = xasprintf("%s/learner_alone.o", workdir);
	char *cc_argv[] = {(char *)p->nvcc,
	                   "-std=c++17",
	                   "-O3",
	                   arch,
	                   "-Xcompiler",
	                   "-ffunction-sections",
	                   "-c",
	                   (char *)source,
	                   "-o",
	                   obj,
	                   NULL};
	compile_and_link(p, cc_argv, NULL, true, res);
	res->check_s = res->compile_s;
	if (res->status == BUILD_OK) {
		struct hostobj_result h;
		const char *shown = relative_to(source, p->root);
		if (hostobj_check(obj, &h)) {
			check_system_calls(obj, shown, res);
			FILE *f = res->status == BUILD_OK && marker ? fopen(marker, "w") : NULL;
			if (f)
				fclose(f);
		} else {
			refuse_object(&h, source, shown, res);
		}
	}
	free(arch);
	free(obj);
	free(marker);
}
