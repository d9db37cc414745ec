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
#include "judge_names.h"
#include "learner_file.h"
#include "problem.h"
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
 * object check with this nvcc, for cc, in this version of the check, after
 * the exercise's given code (NULL: none). */
static char *host_object_pass_marker(const struct build_paths *p, const char *source,
                                     const char *given, int cc)
{
	if (!p->build)
		return NULL;
	uint64_t h = FNV1A_OFFSET ^ (uint64_t)(HOSTOBJ_VERSION * 1000 + cc);
	h = fnv1a(h, source, strlen(source) + 1);
	h = hash_learner_sources(h, source, p->root);
	if (given)
		h = hash_learner_sources(h, given, p->root);
	h = fnv1a(h, p->nvcc, strlen(p->nvcc) + 1);
	char *dir = xasprintf("%s/cache/hostobj", p->build);
	make_dirs(dir);
	char *marker = xasprintf("%s/%016llx.ok", dir, (unsigned long long)h);
	free(dir);
	return marker;
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
 * not its own. The code the exercise gives (problem_given_path), which the
 * file declares and the glue defines after it, goes ahead of it, so that
 * calls of it resolve within the object. */
void check_host_object(const struct build_paths *p, const char *id, const char *source, int cc,
                       const char *workdir, struct build_result *res)
{
	char name[128] = "";
	int line = learner_changes_glue(p->root, id, source, name, sizeof name);
	if (line) {
		res->log = xstrdup("");
		build_refuse(res, say_alloc(T_changes_the_glue,
		                            FIELDS(F_STR("file", relative_to(source, p->root)),
		                                   F_INT("line", line), F_STR("name", name))));
		res->host_code = false;
		res->object_refused = true;
		return;
	}
	char *given = problem_given_path(p->root, id);
	char *marker = host_object_pass_marker(p, source, given, cc);
	if (marker && access(marker, F_OK) == 0) {
		free(marker);
		free(given);
		res->log = xstrdup("");
		return; /* passed before, unchanged: no second compile */
	}
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *obj = xasprintf("%s/learner_alone.o", workdir);
	char *learner = learner_file_for_nvcc(source, workdir);
	char *cc_argv[] = {(char *)p->nvcc,
	                   "-std=c++17",
	                   "-O3",
	                   arch,
	                   "-Xcompiler",
	                   "-ffunction-sections",
	                   "-c",
	                   learner,
	                   "-o",
	                   obj,
	                   given ? "-include" : NULL, /* NULL: no given code, the end */
	                   given,
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
	free(learner);
	free(arch);
	free(obj);
	free(marker);
	free(given);
}
