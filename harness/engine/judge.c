/*
 * Judging one file; see judge.h.
 *
 * Theory of operation: the engine compiles the learner's translation unit
 * (learner file + problem glue) into what its backend runs (a module for the
 * exercise's trusted runner, a linked test program, the emulator's program;
 * backends/backend.h). It then builds the cases itself from a seed (inputs
 * in a memfd, golden outputs in its own memory; on a thread of their own,
 * beside the build: run/case_thread.h), starts the test program
 * under supervision with the memfd as its only channel, and, once the
 * program has ended, reads the outputs and the per-case records back and
 * decides each case's verdict (run/test_run.c, verdict/). Nothing the test
 * program prints or returns can make a case pass: only output bytes equal to
 * the golden model do.
 */
#include "judge.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "build/emu_build.h"
#include "build/nvcc.h"
#include "judgement.h"
#include "profile/profile.h"
#include "report/lang.h"
#include "report/texts.h"
#include "rng.h"
#include "run/case_thread.h"
#include "run/supervise.h"
#include "run/test_run.h"
#include "run/warm_runner.h"
#include "util.h"
#include "verdict/build_verdict.h"

void judgement_finish(struct judgement *j)
{
	j->sum.total_s = now_s() - j->t0;
	j->sum.message = j->message;
	j->sum.said = &j->said;
	j->sum.note = j->note[0] ? j->note : NULL;
	report_summary(&j->sum, j->case_json, j->nout);
	for (int i = 0; i < j->nout; ++i)
		free(j->case_json[i]);
	j->nout = 0;
}

/* The catalog's entry, the exercise's harness and the judged file, or the
 * engine's own failure (exit 2) saying which is missing. */
static struct judgement *judgement_new(const struct judge_options *o)
{
	struct judgement *j = xcalloc(1, sizeof *j);
	j->o = o;
	j->t0 = now_s();
	report_clock_start(j->t0);
	j->sum.backend = "none";
	j->sum.verdict = V_JE;
	j->device_lock = -1;
	j->sum.seed = o->have_seed ? o->seed : rng_fresh_seed();
	j->ref_pid = j->ref_out = -1;
	j->ref_beside_ms = -1;
	j->ref_kept_ms = -1;
	char err[1024];
	char *yaml = xasprintf("%s/problems.yaml", o->root);
	if (catalog_load(yaml, "problems.yaml", &j->cat, err, sizeof err) != 0)
		die("%s", err);
	free(yaml);
	j->entry = catalog_find(&j->cat, o->id);
	if (!j->entry)
		die("%s", say_alloc(T_unknown_exercise, FIELDS(F_STR("id", o->id))));
	j->prob = problem_find(j->entry->id);
	if (!j->prob)
		die("%s", say_alloc(T_no_harness, FIELDS(F_STR("id", j->entry->id),
		                                         F_INT("line", j->entry->line))));
	j->sum.id = j->entry->id;
	if (!realpath(o->file, j->source))
		die("%s", say_alloc(T_file_not_read, FIELDS(F_STR("file", o->file),
		                                            F_STR("error", strerror(errno)))));
	j->sum.file = xstrdup(relative_to(j->source, o->root));
	j->paths = (struct build_paths){
	        .root = o->root, .build = o->build, .nvcc = find_nvcc(), .cxx = find_cxx()};
	return j;
}

static void judgement_free(struct judgement *j)
{
	if (j->has_ran)
		case_set_free(&j->ran);
	if (j->work)
		remove_tree(j->work);
	free(j->work);
	free(j->bin);
	free(j->module);
	free(j->ref_module);
	free(j->host_runner);
	free(j->sanitizer);
	free((char *)j->paths.nvcc);
	free((char *)j->paths.cxx);
	free((char *)j->sum.file);
	free((char *)j->sum.compile_log);
	free((char *)j->sum.program_output);
	free((char *)j->sum.rules_json);
	free((char *)j->sum.profile_json);
	catalog_free(&j->cat);
	free(j);
}

/* build/work/<id>-<pid>-<nonce>: the run's scratch folder, held by this engine
 * until it ends. What engines killed mid-run left there goes first. */
void make_work_folder(struct judgement *j)
{
	char *work_root = xasprintf("%s/work", j->o->build);
	clean_stale_work(work_root, 60);
	free(work_root);
	/* The pid alone is not unique: engines in PID namespaces of their own
	 * (grade inside bubblewrap) share it. */
	j->work = xasprintf("%s/work/%s-%d-%08x", j->o->build, j->entry->id, (int)getpid(),
	                    (unsigned)(((uint64_t)(now_s() * 1e9)) ^ ((uint64_t)getpid() << 20)));
	remove_tree(j->work);
	if (make_dirs(j->work) != 0)
		die("%s", say_alloc(T_folder_not_made, FIELDS(F_STR("folder", j->work),
		                                              F_STR("error", strerror(errno)))));
	int owner = claim_work_folder(j->work); /* held until this engine ends */
	(void)owner;
}

/* The backend's build, with the rules check beside it (rules.h); the rules
 * are decided only for a file that compiled: CE first, then RULE. */
static void build_with_rules(struct judgement *j, struct build_result *br)
{
	struct rules_job rules_job;
	rules_start(&j->paths, j->entry, j->source, judgement_cc(j), j->work, &rules_job);
	report_phase("compile", "start", -1);
	j->backend->build(j, br);
	report_phase("compile", "done", br->compile_s);
	j->sum.compile_s = br->compile_s;
	j->sum.link_s = br->link_s;
	j->sum.build_cached = br->cached;
	j->sum.compile_log = br->log;
	br->log = NULL;
	if (br->status == BUILD_OK) {
		report_phase("rules", "start", -1);
		rules_finish(&rules_job, j->entry, &j->rules);
		j->sum.rules_s = j->rules.wait_s;
		report_phase("rules", "done", j->rules.wait_s);
		if (!j->rules.n)
			j->sum.rules_json = rules_json(&j->rules, j->sum.file, NULL);
	} else if (backend_emulated(j) && br->status == BUILD_COMPILE_FAILED) {
		/* g++ has no CUB or Thrust: see emu_library_rule */
		rules_finish(&rules_job, j->entry, &j->rules);
	} else {
		rules_cancel(&rules_job);
	}
}

/* A file that built: run where it can run, then what its rules say. */
static void run_built(struct judgement *j)
{
	bool can_run = j->dev.found || !(j->backend->supports & BACKEND_DEVICE);
	if (reference_included(j))
		return;
	if (can_run)
		run_and_check(j);
	else
		no_device_to_run(j);
	if (j->rules.n && (j->sum.verdict != V_JE || !can_run))
		rule_verdict(j, can_run);
}

/* The engine's own tests of its judging (--prebuilt): a stand-in for the test
 * program, nothing built, no device looked for. */
static void judge_stand_in(struct judgement *j)
{
	j->sum.backend = "test";
	j->sum.compile_log = xstrdup("");
	j->bin = xstrdup(j->o->prebuilt);
	/* --backend sanitize: the stand-in runs under $COMPUTE_SANITIZER, whose
	 * log needs a scratch folder */
	if (j->backend == &backend_sanitize)
		make_work_folder(j);
	if (j->backend->ready(j))
		run_and_check(j);
}

int judge_file(const struct judge_options *o)
{
	struct judgement *j = judgement_new(o);
	j->backend = backend_choose(j);
	if (o->reference_time) {
		int code = linked_reference_time(j);
		supervise_wait_left();
		if (!cases_untaken(j))
			judgement_free(j);
		return code;
	}
	if (o->prebuilt) {
		judge_stand_in(j);
	} else {
		make_work_folder(j);
		struct build_result br = {.log = NULL};
		if (j->backend->ready(j)) {
			cases_make_file(j);
			warm_runner_start(j);
			cases_start(j);
			if (j->backend->beside_build)
				j->backend->beside_build(j);
			build_with_rules(j, &br);
			if (br.status == BUILD_OK)
				run_built(j);
			else if (!(br.status == BUILD_COMPILE_FAILED && backend_emulated(j) &&
			           emu_library_rule(j)))
				build_failed(j, &br);
			/* a file that never ran (CE, a rule, no device): before its verdict is said */
			warm_runner_stop(j);
		}
		free(br.log);
	}
	/* after the verdict, which it never changes */
	profile_judgement(j);
	judgement_finish(j);
	/* the device lock is let go once the judged program has ended (said
	 * done, it was left to end): the learner has the summary already */
	supervise_wait_left();
	int code = verdict_exit_code(j->sum.verdict);
	/* Cases still being made for a run that never came: their thread reads
	 * the judgement, and ends with the engine, which ends now; the scratch
	 * folder (which the thread never uses) goes all the same. */
	if (!cases_untaken(j))
		judgement_free(j);
	else if (j->work)
		remove_tree(j->work);
	return code;
}
