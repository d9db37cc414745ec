/* The sanitize backend: the gpu or linked build run under compute-sanitizer
 * (run/compute_sanitizer.h), small cases and longer limits, each tool asked
 * for in turn until one finds something; its report read from the tool's log
 * (verdict/sanitize.h) decides the verdict. See backend.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "judgement.h"
#include "problem.h"
#include "report/lang.h"
#include "report/texts.h"
#include "run/test_run.h"
#include "util.h"
#include "verdict/case_verdict.h"
#include "verdict/sanitize.h"

/* The exercise allows the tool (problems.yaml), the tool is there, and so is
 * nvcc; the first tool asked for runs first. */
static bool sanitize_ready(struct judgement *j)
{
	if (!(j->entry->backends & BACKEND_SANITIZE) && !j->o->prebuilt) {
		j->sum.verdict = V_SKIP;
		j->sum.backend = "sanitize";
		const char *why = lang_current == LANG_ZH && j->entry->sanitize_skip_reason_zh
		                          ? j->entry->sanitize_skip_reason_zh
		                          : j->entry->sanitize_skip_reason;
		/* problems.yaml skip.sanitize says why, or its backends leave it out */
		say(&j->said, j->message, sizeof j->message,
		    why ? T_sanitizer_skips : T_sanitizer_not_listed,
		    FIELDS(F_STR("id", j->entry->id), F_STR("why", why),
		           F_INT("line", j->entry->line)));
		return false;
	}
	j->sanitizer = find_sanitizer(j->o->prebuilt ? NULL : j->paths.nvcc);
	for (int t = 0; t < SAN_TOOLS; ++t)
		if (j->o->sanitize_tools & (1u << t)) {
			j->tool = (enum sanitize_tool)t;
			break;
		}
	if (!j->sanitizer) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_sanitizer_missing, NULL);
		return false;
	}
	return backend_nvcc_ready(j);
}

static void sanitize_build(struct judgement *j, struct build_result *br)
{
	const struct backend *b =
	        problem_is_host_driven(j->entry->id) ? &backend_linked : &backend_gpu;
	b->build(j, br);
}

/* Under compute-sanitizer the tool itself forks the program and talks to it
 * through files of its own, so only the scratch folder as working directory,
 * the memory cap (over the process group, four times as large: the tool's
 * own memory counts too) and longer time limits remain of the jail. */
static void sanitize_limits(const struct judgement *j, struct run_limits *lim)
{
	backend_default_limits(j, lim);
	struct run_limits jailed = *lim;
	*lim = (struct run_limits){
	        .wall_s = jailed.wall_s * 6 > 60 ? jailed.wall_s * 6 : 60,
	        .memory_bytes = jailed.memory_bytes,
	        .output_keep = jailed.output_keep,
	        .output_kill = jailed.output_kill,
	        .cwd = jailed.cwd,
	        .rss_bytes = jailed.rss_bytes * 4,
	};
	lim->cpu_s = jailed.cpu_s > 0 ? lim->wall_s * 4 : 0;
}

static char *sanitizer_log(const struct judgement *j)
{
	return xasprintf("%s/sanitizer-%s.log", j->work ? j->work : ".",
	                 sanitize_tool_name(j->tool));
}

static char **sanitize_command(struct judgement *j, const struct case_set *set, char **argv)
{
	if (j->module) /* the runner's module (no case is timed here) */
		argv = backend_gpu.command(j, set, argv);
	/* the command line points into it until the run has ended */
	static char log[4096];
	char *path = sanitizer_log(j);
	snprintf(log, sizeof log, "%s", path);
	free(path);
	unlink(log);
	return sanitize_argv(j->sanitizer, j->tool, log, argv);
}

/* Reads the log of the run just made with j->tool and applies it: a finding
 * in the learner's code replaces the verdict, as it explains a wrong output or
 * a crash better than the symptom does; one in the harness is a JE. True when
 * the log decided the verdict. */
static bool apply_sanitizer_log(struct judgement *j)
{
	char *log_path = sanitizer_log(j);
	size_t log_len = 0;
	char *log = read_file(log_path, &log_len);
	free(log_path);
	if (log)
		keep_tool_report(j, sanitize_tool_name(j->tool), log, log_len);
	struct san_report rep;
	sanitize_parse(log ? log : "", &rep);
	struct san_judgement sj;
	sanitize_judge_advised(&rep, j->tool, j->source, j->o->root, j->sum.file,
	                       problem_race_advice(j->entry), &sj);
	bool decided = false;
	if (sj.verdict != V_AC && j->sum.verdict != V_JE) {
		j->sum.verdict = sj.verdict;
		j->said = sj.said;
		snprintf(j->message, sizeof j->message, "%s", sj.message);
		decided = true;
	} else if (j->sum.verdict == V_AC && (!log || !rep.started || sj.tool_error[0])) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_sanitizer_did_not_check,
		    FIELDS(F_STR("tool", sanitize_tool_name(j->tool)),
		           F_STR("why",
		                 sj.tool_error[0] ? sj.tool_error : text_of(T_sanitizer_no_report)),
		           F_STR("sanitizer", j->sanitizer)));
		decided = true;
	}
	sanitize_report_free(&rep);
	free(log);
	return decided;
}

/* After the first tool's run was judged: the other tools asked for, each
 * on the same small cases, until one finds something. A wrong answer does
 * not stop them: a race or a stray write is the better explanation of it. */
static void sanitize_after_run(struct judgement *j, struct case_set *set)
{
	enum sanitize_tool first = j->tool;
	bool decided = apply_sanitizer_log(j);
	for (int t = first + 1;
	     t < SAN_TOOLS && !decided && (j->sum.verdict == V_AC || j->sum.verdict == V_WA); ++t) {
		if (!(j->o->sanitize_tools & (1u << t)))
			continue;
		j->tool = (enum sanitize_tool)t;
		case_set_publish(set, 0, 0, 0);
		struct run_result r;
		if (spawn_test(j, j->bin, set, &r) == 0 && r.end != RUN_NOT_STARTED) {
			j->sum.run_s += r.wall_s;
			decided = apply_sanitizer_log(j);
		}
		run_result_free(&r);
	}
}

const struct backend backend_sanitize = {
        .name = "sanitize",
        .supports = BACKEND_DEVICE | BACKEND_SMALL_CASES,
        .ready = sanitize_ready,
        .build = sanitize_build,
        .limits = sanitize_limits,
        .command = sanitize_command,
        .after_run = sanitize_after_run,
};
