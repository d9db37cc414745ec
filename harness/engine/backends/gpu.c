/* The gpu backend: the learner's device code compiled into a module, run by
 * the exercise's prebuilt trusted runner, which times it in turn with the
 * reference's module in the same process (docs/trusted-runner.md); see
 * backend.h. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "backends/backend.h"
#include "build/module.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "run/case_thread.h"
#include "util.h"

/* What runs: the exercise's runner, and the module the build makes for it. */
static void name_runner_and_module(struct judgement *j)
{
	if (!j->module)
		j->module = xasprintf("%s/learner.cubin", j->work);
	if (!j->bin)
		j->bin = runner_path(&j->paths, j->entry->id);
}

static void build_module_for_runner(struct judgement *j, struct build_result *br)
{
	name_runner_and_module(j);
	build_module(&j->paths, j->entry->id, j->source, judgement_cc(j), j->work, j->module, br);
	if (br->status == BUILD_OK && j->dev.found && access(j->bin, X_OK) != 0) {
		br->status = BUILD_TOOL_FAILED;
		free(br->log);
		char said[512];
		br->log = xstrdup(say(NULL, said, sizeof said, T_runner_missing,
		                      FIELDS(F_STR("runner", relative_to(j->bin, j->o->root)))));
	}
}

/* The runner's arguments: the learner's module and, for a timed case, the
 * reference's (timed in turn with it in the same process). Under the sanitize
 * backend no case is timed.
 * Its environment: one hardware work queue (CUDA_DEVICE_MAX_CONNECTIONS, 8 by
 * default): the runner launches on one stream, and the driver starts a
 * context one at a time whatever the number of processes asking; on the H200
 * host six processes at once started 5.4 contexts a second with eight queues
 * and 11.3 with one (docs/latency.md): a grade run's ceiling. A test program
 * with the learner's host code (linked.c) keeps the default: its streams
 * must overlap. */
static char **gpu_command(struct judgement *j, const struct case_set *set, char **argv)
{
	setenv("CUDA_DEVICE_MAX_CONNECTIONS", "1", 1);
	int k = 0;
	while (argv[k])
		++k;
	argv[k++] = "--module";
	argv[k++] = j->module;
	bool timed = !set && cases_planned_timed(j);
	for (int i = 0; set && i < set->n; ++i)
		timed |= set->cases[i].timed;
	if (timed && !j->ref_module)
		j->ref_module = reference_module(&j->paths, j->entry->id, j->dev.cc, CJ_DEFAULT_CC,
		                                 j->work);
	if (timed && j->ref_module) {
		argv[k++] = "--reference";
		argv[k++] = j->ref_module;
	}
	argv[k] = NULL;
	return argv;
}

/* The runner is the judge's program, built with the engine: it can start
 * before the learner's module exists, on the device found, when the timed
 * case's reference module is the prebuilt one (another compute capability's
 * is built by nvcc when the run starts). */
static bool gpu_starts_early(struct judgement *j)
{
	if (!j->dev.found || (cases_planned_timed(j) && j->dev.cc != CJ_DEFAULT_CC))
		return false;
	name_runner_and_module(j);
	return access(j->bin, X_OK) == 0; /* else the build says it is missing */
}

const struct backend backend_gpu = {
        BACKEND_ON_THE_GPU(BACKEND_NO_HOST_CODE),
        .build = build_module_for_runner,
        .command = gpu_command,
        .starts_early = gpu_starts_early,
};
