/* Making a profile: whether one can be made, the case it is made on, and the
 * emulator's profile builds and runs of the learner's file and the
 * reference; see profile.h. */
#include "profile/profile.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "backends/backend.h"
#include "build/emu_build.h"
#include "build/linked.h"
#include "build/module.h"
#include "judgement.h"
#include "report/lang.h"
#include "rng.h"
#include "run/cases.h"
#include "run/device.h"
#include "run/test_run.h"
#include "util.h"

#define PROFILE_CASE_RESERVE ((uint64_t)16 << 30) /* virtual: the memfd is sparse */

/* m: code said with fields (NULL: none), its text not kept. */
static void say_code(struct message *m, enum text_code code, const struct text_field *fields)
{
	char text[1024];
	say(m, text, sizeof text, code, fields);
}

/* Whether every case's output was right: AC, a speed rule missed (a kernel
 * right but slow is what a profile is for), or rules broken with outputs
 * right. */
static bool output_right(const struct judgement *j)
{
	if (j->nout == 0)
		return false;
	bool slow = false;
	for (int i = 0; i < j->nout; ++i) {
		if (j->out[i].verdict == V_TLE && j->out[i].said.code == T_too_slow)
			slow = true;
		else if (j->out[i].verdict != V_AC)
			return false;
	}
	return j->sum.verdict == V_AC || j->sum.verdict == V_RULE ||
	       (j->sum.verdict == V_TLE && slow);
}

/* The emulator's cases of j, made from its seed as the judged run made them
 * (run/case_thread.c), with their names in `lang`. False when none. */
static bool make_emulated_cases(struct judgement *j, enum lang lang, struct case_set *set)
{
	char err[256];
	if (case_set_init(set, PROFILE_CASE_RESERVE, err, sizeof err) != 0)
		return false;
	enum lang was = lang_current;
	lang_current = lang;
	struct rng rng;
	rng_seed(&rng, j->sum.seed);
	set->int_poison = (uint8_t)rng_range(&rng, 0x81, 0xfe);
	struct case_plan plan = {.timed = false, .emulated = true};
	j->prob->make_cases(set, &rng, j->entry, &plan);
	lang_current = was;
	return set->n > 0;
}

static uint64_t elements(const struct jcase *c)
{
	uint64_t n = 0;
	for (int b = 0; b < c->nbuf; ++b)
		n += c->buf[b].count;
	return n;
}

/* problems.yaml's profile.case (its English name), else the case with the
 * most elements (the last of equals); -1 when there is none. */
static int chosen_case(const struct problem_entry *e, const struct case_set *english)
{
	int best = -1;
	for (int i = 0; i < english->n; ++i) {
		if (e->profile.case_name && !strcmp(english->cases[i].name, e->profile.case_name))
			return i;
		if (best < 0 || elements(&english->cases[i]) >= elements(&english->cases[best]))
			best = i;
	}
	return best;
}

/* Why a run gave no counts: its text code, and its fields. */
static enum text_code run_failed(const struct run_result *r, const char *file, double limit_s,
                                 struct text_field fields[3])
{
	enum text_code code = T_profile_no_counts;
	fields[0] = F_STR("file", file);
	fields[1] = F_STR("error", "");
	if (r->end == RUN_NOT_STARTED) {
		code = T_profile_not_started;
		fields[1] = F_STR("error", r->error);
	} else if (r->end == RUN_TIMED_OUT) {
		code = T_profile_run_timeout;
		fields[1] = F_NUM("limit_s", limit_s);
	} else if (r->end == RUN_SIGNALED) {
		code = T_profile_run_signal;
		fields[1] = F_INT("signal", r->signal);
	} else if (r->end == RUN_EXITED && r->exit_code != 0) {
		code = T_profile_run_status;
		fields[1] = F_INT("status", r->exit_code);
	}
	fields[2] = (struct text_field){NULL, 0, NULL, 0, 0};
	return code;
}

/* The profile build of `source` in j->work/`folder`, run over case `which`
 * of `all`; its counts of the lines of `source` into side->fig. */
static void profile_side(struct judgement *j, const struct case_set *all, int which,
                         const char *source, const char *folder, struct profile_side *side)
{
	char *work = xasprintf("%s/%s", j->work, folder);
	char *bin = xasprintf("%s/profile", work);
	char *counts = xasprintf("%s/counts.txt", work);
	struct text_field fields[3] = {
	        F_STR("file", side->file), F_STR("log", ""), {NULL, 0, NULL, 0, 0}};
	enum text_code why = T_NONE;
	struct build_result br;
	make_dirs(work);
	build_emulated_profile(&j->paths, j->entry->id, source, work, bin, j->entry->coresident,
	                       &br);
	struct case_set one;
	char err[256];
	if (br.status != BUILD_OK) {
		why = T_profile_not_built;
		fields[1] = F_STR("log", br.log ? br.log : "");
	} else if (case_set_copy_one(&one, all, which, err, sizeof err) != 0) {
		why = T_profile_not_started;
		fields[1] = F_STR("error", err);
	} else {
		case_set_publish(&one, 0, 0, 0);
		setenv("CJ_PROFILE_OUT", counts, 1);
		struct run_result r;
		struct run_limits lim;
		backend_limits(j, &lim);
		if (spawn_test(j, bin, &one, &r) != 0)
			r.end = RUN_NOT_STARTED;
		unsetenv("CJ_PROFILE_OUT");
		if (!profile_read(counts, source, j->o->root, &side->fig))
			why = run_failed(&r, side->file, lim.wall_s, fields);
		run_result_free(&r);
		case_set_free(&one);
	}
	if (why != T_NONE) {
		char text[1024];
		say(&side->why, text, sizeof text, why, fields);
	}
	free(br.log);
	free(work);
	free(bin);
	free(counts);
}

/* The cases of a profile: made in English (which case is chosen does not
 * depend on the language) and again in the run's language for its name. */
struct profile_cases {
	struct case_set english, set;
	bool again;
	const struct case_set *all; /* english or set */
	int which;                  /* the case profiled */
};

/* Makes pc and names its case in p; false (and p says why) without one. */
static bool profile_cases_make(struct judgement *j, struct profile *p, struct profile_cases *pc)
{
	if (!make_emulated_cases(j, LANG_EN, &pc->english)) {
		case_set_free(&pc->english);
		say_code(&p->why, T_profile_no_case, NULL);
		return false;
	}
	pc->which = chosen_case(j->entry, &pc->english);
	pc->again = lang_current != LANG_EN;
	if (pc->again && !make_emulated_cases(j, lang_current, &pc->set)) {
		case_set_free(&pc->set);
		pc->again = false;
	}
	pc->all = pc->again ? &pc->set : &pc->english;
	const struct jcase *c = &pc->all->cases[pc->which];
	snprintf(p->case_name, sizeof p->case_name, "%s", c->name);
	p->case_params[0] = c->param[0];
	p->case_params[1] = c->param[1];
	return true;
}

static void profile_cases_free(struct profile_cases *pc)
{
	if (pc->again)
		case_set_free(&pc->set);
	case_set_free(&pc->english);
}

/* The emulator's profile of both kernels on one case. */
static void profile_on_emulator(struct judgement *j, struct profile *p)
{
	struct profile_cases pc;
	if (!profile_cases_make(j, p, &pc))
		return;
	const struct case_set *all = pc.all;
	const int which = pc.which;

	p->learner.file = j->sum.file;
	profile_side(j, all, which, j->source, "profile-learner", &p->learner);
	char *ref = xasprintf("%s/reference/%s.cu", j->o->root, j->entry->id);
	char real[PATH_MAX];
	const char *ref_source = realpath(ref, real) ? real : ref;
	p->reference.file = relative_to(ref_source, j->o->root);
	profile_side(j, all, which, ref_source, "profile-reference", &p->reference);
	/* the reference's path outlives `real` in the summary */
	p->reference.file = xstrdup(p->reference.file);
	free(ref);
	profile_cases_free(&pc);
	if (p->learner.why.code != T_NONE)
		p->why = p->learner.why;
}

/* ---- on a GPU: Nsight Compute ------------------------------------------------ */

/* What the GPU's profile of one side runs: the test program, and the module
 * the trusted runner loads (NULL for a linked program). */
struct gpu_program {
	const char *bin, *module;
};

/* What ncu said of its failure, in one line: its first ==ERROR== line, else
 * the last line of its log or output. */
static void ncu_said(const char *log, const char *output, char *out, size_t size)
{
	const char *texts[2] = {log, output};
	out[0] = '\0';
	for (int t = 0; t < 2; ++t) {
		const char *text = texts[t];
		if (!text)
			continue;
		const char *error = strstr(text, "==ERROR==");
		for (const char *line = text; *line;) {
			size_t len = strcspn(line, "\n");
			if (len &&
			    (!error || line == error || (error > line && error < line + len)))
				snprintf(out, size, "%.*s", (int)len, line);
			if (error && out[0])
				return;
			line += len + (line[len] == '\n');
		}
		if (out[0])
			return;
	}
}

/* Whether ncu failed over a metric's name (one this ncu or GPU does not
 * know): its ==ERROR== line names a metric. */
static bool metric_refused(const char *log, const char *output)
{
	const char *texts[2] = {log, output};
	for (int t = 0; t < 2; ++t)
		for (const char *e = texts[t] ? strstr(texts[t], "==ERROR==") : NULL; e;
		     e = strstr(e + 1, "==ERROR==")) {
			size_t len = strcspn(e, "\n");
			for (const char *m = e; m + 6 <= e + len; ++m)
				if (!strncasecmp(m, "metric", 6))
					return true;
		}
	return false;
}

/* One side's program run under ncu over case `which` of `all`, in the limits
 * of the sanitize backend (ncu, like compute-sanitizer, forks the program and
 * talks to it through files of its own); its CSV read into side->fig. */
static void ncu_side(struct judgement *j, const char *ncu, const struct case_set *all, int which,
                     const struct gpu_program *prog, const char *folder, struct profile_side *side)
{
	char *work = xasprintf("%s/%s", j->work, folder);
	char *log = xasprintf("%s/ncu.csv", work);
	make_dirs(work);
	unlink(log);
	struct text_field fields[4] = {F_STR("file", side->file),
	                               F_STR("log", ""),
	                               {NULL, 0, NULL, 0, 0},
	                               {NULL, 0, NULL, 0, 0}};
	enum text_code why = T_NONE;
	char err[256], refused[128], said[320];
	char *csv = NULL;
	struct case_set one;
	if (case_set_copy_one(&one, all, which, err, sizeof err) != 0) {
		why = T_profile_not_started;
		fields[1] = F_STR("error", err);
	} else {
		case_set_publish(&one, 0, 0, 0);
		char fd[16], cc[16];
		snprintf(fd, sizeof fd, "%d", one.fd);
		snprintf(cc, sizeof cc, "%d", j->dev.cc);
		char *argv[] = {
		        (char *)prog->bin, "--wire", fd, "--expect-cc", cc, NULL, NULL, NULL, NULL};
		if (prog->module) {
			argv[5] = "--module";
			argv[6] = (char *)prog->module;
		}
		struct run_limits lim;
		backend_sanitize.limits(j, &lim);
		struct run_result r;
		for (int attempt = 0; attempt < 2; ++attempt) {
			if (attempt) { /* ncu refused a metric: the verified ones alone */
				run_result_free(&r);
				free(csv);
				case_set_publish(&one, 0, 0, 0);
			}
			char **command = ncu_argv(ncu, log, argv, attempt == 1);
			int lock = take_device_lock(j->o->build, false);
			unlink(log);
			if (run_supervised(command, one.fd, &lim, &r) != 0)
				r.end = RUN_NOT_STARTED;
			if (lock >= 0)
				close(lock);
			free(command);
			csv = read_file(log, NULL);
			if (!(r.end == RUN_EXITED && r.exit_code != 0 &&
			      metric_refused(csv, r.output)))
				break;
		}
		enum text_code no = ncu_refused(csv, refused, sizeof refused);
		if (no == T_NONE)
			no = ncu_refused(r.output, refused, sizeof refused);
		if (no != T_NONE) {
			why = no;
			fields[0] = F_STR("why", refused);
		} else if (r.end == RUN_EXITED && r.exit_code != 0) {
			why = T_profile_ncu_failed;
			fields[1] = F_INT("status", r.exit_code);
			ncu_said(csv, r.output, said, sizeof said);
			fields[2] = F_STR("log", said);
		} else if (r.end != RUN_EXITED) {
			why = run_failed(&r, side->file, lim.wall_s, fields);
		} else if (!ncu_parse(csv, &side->fig)) {
			why = T_profile_ncu_no_kernel;
		}
		if (why != T_NONE && why != T_profile_ncu_failed)
			fields[2] = (struct text_field){NULL, 0, NULL, 0, 0};
		if (why != T_NONE) { /* the log said, before it goes */
			char text[1024];
			say(&side->why, text, sizeof text, why, fields);
		}
		run_result_free(&r);
		case_set_free(&one);
	}
	if (why == T_profile_not_started && !csv) {
		char text[1024];
		say(&side->why, text, sizeof text, why, fields);
	}
	free(csv);
	free(work);
	free(log);
}

/* The GPU's profile of both kernels on the case the emulator's profile
 * runs (the same seed, the same inputs), each by a run of its own. */
static void profile_on_gpu(struct judgement *j, struct profile *p)
{
	p->device = j->dev.found && j->dev.name[0] ? j->dev.name : NULL;
	p->copy_gbps = j->dev.found ? j->dev.copy_gbps : 0;
	if (!j->work) /* a stand-in (--prebuilt) ran without one */
		make_work_folder(j);
	if (j->o->prebuilt) {
		/* a stand-in is judged without asking for the device: its copy
		 * bandwidth, for the DRAM throughput's share, from the cache (else
		 * cj-probe; 0 when neither says) */
		struct device_info dev;
		device_query(j->o->build, false, &dev);
		p->copy_gbps = dev.found ? dev.copy_gbps : 0;
	}
	char *ncu = find_ncu(j->o->prebuilt ? NULL : j->paths.nvcc);
	if (!ncu) {
		say_code(&p->why, T_profile_ncu_missing, NULL);
		return;
	}
	struct profile_cases pc;
	if (!profile_cases_make(j, p, &pc)) {
		free(ncu);
		return;
	}
	const struct case_set *all = pc.all;
	const int which = pc.which;

	p->learner.file = j->sum.file;
	struct gpu_program mine = {j->bin, j->module};
	ncu_side(j, ncu, all, which, &mine, "profile-learner", &p->learner);

	p->reference.file = xasprintf("reference/%s.cu", j->entry->id);
	struct gpu_program ref = {NULL, NULL};
	char *ref_bin = NULL;
	struct build_result br = {.log = NULL};
	if (j->o->prebuilt) {
		say_code(&p->reference.why, T_profile_not_started,
		         FIELDS(F_STR("file", p->reference.file), F_STR("error", "--prebuilt")));
	} else if (j->module) {
		if (!j->ref_module)
			j->ref_module = reference_module(&j->paths, j->entry->id, j->dev.cc,
			                                 CJ_DEFAULT_CC, j->work);
		ref = (struct gpu_program){j->bin, j->ref_module};
	} else if (build_reference(&j->paths, j->entry->id, j->dev.cc, false, &br) == 0 &&
	           br.status == BUILD_OK) {
		/* a program of its own: ncu starts it */
		ref_bin = reference_program_path(&j->paths, j->entry->id, j->dev.cc, false);
		ref = (struct gpu_program){ref_bin, NULL};
	}
	if (ref.bin && (ref.module || !j->module))
		ncu_side(j, ncu, all, which, &ref, "profile-reference", &p->reference);
	else if (!j->o->prebuilt)
		say_code(&p->reference.why, T_profile_not_built,
		         FIELDS(F_STR("file", p->reference.file),
		                F_STR("log", br.log ? br.log : "")));
	free(br.log);
	free(ref_bin);
	free(ncu);
	profile_cases_free(&pc);
	if (p->learner.why.code != T_NONE)
		p->why = p->learner.why;
}

void profile_judgement(struct judgement *j)
{
	/* a stand-in (--prebuilt) is profiled on a GPU only, where ncu runs it
	 * (tests/unit/test_profile_gpu.py); the emulator's profile builds a file */
	if (!j->o->profile || (j->o->prebuilt && backend_emulated(j)))
		return;
	double t0 = now_s();
	report_phase("profile", "start", -1);
	struct profile p;
	memset(&p, 0, sizeof p);
	p.backend = backend_emulated(j) ? "emu" : "gpu";
	if (!output_right(j))
		say_code(&p.why, T_profile_output_wrong,
		         FIELDS(F_STR("verdict", verdict_name(j->sum.verdict))));
	else if (!backend_emulated(j))
		profile_on_gpu(j, &p);
	else
		profile_on_emulator(j, &p);
	p.seconds = now_s() - t0;
	j->sum.profile_json = profile_json(j->entry, &p);
	free((char *)p.reference.file);
	report_phase("profile", "done", p.seconds);
}
