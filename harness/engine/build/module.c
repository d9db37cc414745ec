/* The trusted runner's modules; see module.h. */
#include "build/module.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/cache.h"
#include "build/compiler.h"
#include "build/early_check.h"
#include "build/nvcc.h"
#include "problem.h"
#include "util.h"

int build_module(const struct build_paths *p, const char *id, const char *source, int cc,
                 const char *workdir, const char *out_module, struct build_result *res)
{
	memset(res, 0, sizeof *res);
	char variant[32];
	snprintf(variant, sizeof variant, "module sm_%d", cc);
	char *kept = kept_build_path(p, "modules", id, build_key(p, id, source, variant));
	char *deps = xasprintf("%s/tu.d", workdir);
	const char *names[] = {"module.cubin", "tu.d", NULL};
	const char *files[] = {out_module, deps, NULL};
	if (!kept_build_take(kept, names, files, res)) {
		char *ii = xasprintf("%s/learner_tu.cpp1.ii", workdir);
		char *glue = problem_glue_path(p->root, id);
		struct nvcc_job job = nvcc_job_of(p, id, glue, source, cc, out_module, workdir);
		job.module = true;
		struct nvcc_line line;
		nvcc_line_init(&line, &job);
		/* one pass over the kept preprocessed source: the device-only
		 * check, and the files the build read (no -MD, which preprocesses
		 * once more); made while nvcc compiles it (build/early_check.h) */
		struct early_check check;
		early_check_start(&check, p->root, source, ii);
		compile_and_link(p, line.argv, NULL, true, res);
		struct entered_files entered = {0};
		char *refusal = early_check_finish(&check, res->status == BUILD_OK, &entered);
		if (refusal)
			build_refuse(res, refusal);
		else
			build_keep_entered(&entered, ii, out_module, deps, res);
		entered_files_free(&entered);
		if (res->status == BUILD_OK)
			kept_build_keep(kept, names, files, res->log);
		nvcc_line_free(&line);
		free(glue);
		free(ii);
	}
	free(kept);
	free(deps);
	return 0;
}

char *reference_module(const struct build_paths *p, const char *id, int cc, int default_cc,
                       const char *workdir)
{
	if (cc == default_cc) {
		char *prebuilt = xasprintf("%s/reference/%s.cubin", p->build, id);
		if (access(prebuilt, R_OK) == 0)
			return prebuilt;
		free(prebuilt);
	}
	if (!p->nvcc)
		return NULL;
	/* Another compute capability than the build's: built here, and kept. */
	char *source = xasprintf("%s/reference/%s.cu", p->root, id);
	char *dir = xasprintf("%s/reference", workdir);
	char *out = xasprintf("%s/module.cubin", dir);
	struct build_result br = {.status = BUILD_TOOL_FAILED};
	if (make_dirs(dir) == 0)
		build_module(p, id, source, cc, dir, out, &br);
	if (br.status != BUILD_OK) {
		free(out);
		out = NULL;
	}
	free(br.log);
	free(source);
	free(dir);
	return out;
}

char *runner_path(const struct build_paths *p, const char *id)
{
	return xasprintf("%s/harness/runtime/cj-runner-%s", p->build, id);
}
