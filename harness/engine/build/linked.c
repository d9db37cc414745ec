/* The host-driven exercises' linked test program; see linked.h. */
#include "build/linked.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/cache.h"
#include "build/compiler.h"
#include "build/host_object.h"
#include "build/nvcc.h"
#include "build/side_check.h"
#include "problem.h"
#include "report/lang.h"
#include "report/texts.h"
#include "util.h"

/* The object check of the learner's file (host_object.h), beside the compile. */
struct object_check {
	const struct build_paths *p;
	const char *id, *source, *workdir;
	int cc;
};

static void object_check(void *arg, struct build_result *res)
{
	const struct object_check *o = arg;
	memset(res, 0, sizeof *res);
	check_host_object(o->p, o->id, o->source, o->cc, o->workdir, res);
}

char *host_runner_path(const struct build_paths *p)
{
	return xasprintf("%s/harness/runtime/cj-host-runner", p->build);
}

int build_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                      const char *workdir, const char *out_bin, enum linked_output what,
                      struct build_result *res)
{
	bool hosted = what == LINKED_HOSTED;
	memset(res, 0, sizeof *res);
	double started = now_s();
	/* the object check in a child beside the compile: its CE, when it has
	 * one, is the verdict, as if it had run first */
	struct side_check side = {.pid = -1};
	struct object_check check = {p, id, source, workdir, cc};
	if (problem_is_host_driven(id))
		side_check_start(&side, object_check, &check);
	char *arch = xasprintf("-arch=sm_%d", cc);
	char *obj = xasprintf("%s/tu.o", workdir);
	char *deps = xasprintf("%s/tu.d", workdir);
	char *lib = xasprintf("%s/harness/runtime/libcjrt%s.a", p->build, hosted ? "_hosted" : "");
	char *glue = problem_glue_path(p->root, id);
	struct nvcc_job job = nvcc_job_of(p, id, glue, source, cc, obj, workdir);
	job.pic = hosted;
	struct nvcc_line line;
	nvcc_line_init(&line, &job);
	/* The runtime first: its .preinit_array entry (run_cases.cu) runs before
	 * anything the learner's file could add there. A shared object has none
	 * (the host runner maps the case file before it loads it), and is
	 * linked with every name resolved, as a program is: a function the
	 * learner declared and never wrote is a link error here, not at the
	 * load. */
	char *ld_argv[16];
	int n = 0;
	ld_argv[n++] = (char *)p->nvcc;
	ld_argv[n++] = arch;
	ld_argv[n++] = "-o";
	ld_argv[n++] = (char *)out_bin;
	ld_argv[n++] = "-Xlinker";
	ld_argv[n++] = "--whole-archive";
	ld_argv[n++] = lib;
	ld_argv[n++] = "-Xlinker";
	ld_argv[n++] = "--no-whole-archive";
	ld_argv[n++] = obj;
	if (hosted) {
		ld_argv[n++] = "-shared";
		ld_argv[n++] = "-Xlinker";
		ld_argv[n++] = "--no-undefined";
	}
	ld_argv[n] = NULL;
	compile_and_link(p, line.argv, ld_argv, what == LINKED_OBJECT_ONLY, res);
	/* the files it read, from the preprocessed source nvcc kept (no -MD,
	 * which preprocesses once more) */
	char *ii = xasprintf("%s/learner_tu.cpp1.ii", workdir);
	build_keep_deps(ii, obj, deps, res);
	free(ii);
	if (side_check_started(&side)) {
		struct build_result checked;
		side_check_finish(&side, &checked);
		if (checked.status != BUILD_OK) {
			free(res->log);
			*res = checked;
		} else {
			free(checked.log);
			res->check_s = checked.check_s;
			res->compile_s = now_s() - started - res->link_s; /* the two side by side */
		}
	}
	nvcc_line_free(&line);
	free(glue);
	free(arch);
	free(obj);
	free(deps);
	free(lib);
	return 0;
}

/* The folder a judged file's program is kept in (build/cache/linked). */
static char *kept_folder(const struct build_paths *p, const char *id, const char *source, int cc,
                         bool hosted)
{
	char variant[32];
	snprintf(variant, sizeof variant, "%s sm_%d", hosted ? "hosted" : "linked", cc);
	return kept_build_path(p, "linked", id, build_key(p, id, source, variant));
}

bool linked_build_is_kept(const struct build_paths *p, const char *id, const char *source, int cc,
                          enum linked_output what)
{
	if (what == LINKED_OBJECT_ONLY)
		return false;
	char *kept = kept_folder(p, id, source, cc, what == LINKED_HOSTED);
	if (!kept)
		return false;
	/* its log is there once it is whole (kept_build_keep) */
	char *log = xasprintf("%s/log", kept);
	bool there = access(log, R_OK) == 0;
	free(log);
	free(kept);
	return there;
}

int build_kept_test_binary(const struct build_paths *p, const char *id, const char *source, int cc,
                           const char *workdir, const char *out_bin, enum linked_output what,
                           struct build_result *res)
{
	if (what == LINKED_OBJECT_ONLY)
		return build_test_binary(p, id, source, cc, workdir, out_bin, what, res);
	bool hosted = what == LINKED_HOSTED;
	char *kept = kept_folder(p, id, source, cc, hosted);
	char *deps = xasprintf("%s/tu.d", workdir);
	const char *names[] = {hosted ? "test.so" : "test", "tu.d", NULL};
	const char *files[] = {out_bin, deps, NULL};
	if (!kept_build_take(kept, names, files, res)) {
		build_test_binary(p, id, source, cc, workdir, out_bin, what, res);
		if (res->status == BUILD_OK)
			kept_build_keep(kept, names, files, res->log);
	}
	free(kept);
	free(deps);
	return 0;
}

/* The kept reference's folder (its key: the reference, what it includes, what
 * it makes, the judge's own files) and its file's name. */
static char *reference_folder(const struct build_paths *p, const char *id, int cc, bool hosted)
{
	char *source = xasprintf("%s/reference/%s.cu", p->root, id);
	char variant[32];
	snprintf(variant, sizeof variant, "%s sm_%d", hosted ? "hosted" : "linked", cc);
	char *kept = kept_build_path(p, "reference", id, build_key(p, id, source, variant));
	free(source);
	return kept;
}

static const char *reference_name(bool hosted)
{
	return hosted ? "test.so" : "test";
}

char *reference_program_path(const struct build_paths *p, const char *id, int cc, bool hosted)
{
	char *kept = reference_folder(p, id, cc, hosted);
	char *path = xasprintf("%s/%s", kept, reference_name(hosted));
	free(kept);
	return path;
}

int build_reference(const struct build_paths *p, const char *id, int cc, bool hosted,
                    struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char *source = xasprintf("%s/reference/%s.cu", p->root, id);
	char *kept = reference_folder(p, id, cc, hosted);
	const char *names[] = {reference_name(hosted), NULL};
	char *bin = xasprintf("%s/%s", kept, names[0]);
	if (access(bin, hosted ? R_OK : X_OK) == 0) {
		res->log = xstrdup("");
		res->cached = true;
	} else {
		char *work = xasprintf("%s.work%d", kept, (int)getpid());
		char *tmp_bin = xasprintf("%s/%s", work, names[0]);
		const char *files[] = {tmp_bin, NULL};
		if (make_dirs(work) != 0) {
			res->status = BUILD_TOOL_FAILED;
			res->log = say_alloc(
			        T_folder_not_made,
			        FIELDS(F_STR("folder", work), F_STR("error", strerror(errno))));
		} else {
			build_test_binary(p, id, source, cc, work, tmp_bin,
			                  hosted ? LINKED_HOSTED : LINKED_PROGRAM, res);
		}
		if (res->status == BUILD_OK)
			kept_build_keep(kept, names, files, res->log);
		if (res->status == BUILD_OK && access(bin, R_OK) != 0) {
			res->status = BUILD_TOOL_FAILED;
			char *more =
			        say_alloc(T_reference_not_stored,
			                  FIELDS(F_STR("log", res->log), F_STR("folder", kept)));
			free(res->log);
			res->log = more;
		}
		remove_tree(work);
		free(work);
		free(tmp_bin);
	}
	free(source);
	free(kept);
	free(bin);
	return 0;
}
