/* Each case's verdict once the test program has run: its outputs against
 * the golden model (then the exercise's own checks and diagnosis), its speed
 * rule, or how the run ended in it (a crash, a deadline, memory, the
 * emulator's or ThreadSanitizer's findings); and the summary's one line about
 * the first case that failed. Called by run/test_run.c. */
#include "verdict/case_verdict.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "report/lang.h"
#include "report/texts.h"
#include "util.h"
#include "verdict/bandwidth.h"
#include "verdict/check.h"
#include "verdict/race_report.h"
#include "verdict/symbolize.h"
#include "wire.h"

/* A signal, in words (for the texts killed and killed_after_last). */
static const char *signal_words(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return text_of(T_signal_segv);
	case SIGABRT:
		return "abort()";
	case SIGBUS:
		return text_of(T_signal_bus);
	case SIGFPE:
		return text_of(T_signal_fpe);
	case SIGKILL:
		return text_of(T_signal_kill);
	default:
		return strsignal(sig);
	}
}

/* True when a shown mismatch holds the emulator's shared-memory poison. */
static bool shared_poison_seen(const struct buffer_report *r)
{
	for (int i = 0; i < r->nshown; ++i)
		if ((r->shown[i].got_bits & 0x7fffffffu) == CJ_EMU_SHARED_POISON)
			return true;
	return (r->last.got_bits & 0x7fffffffu) == CJ_EMU_SHARED_POISON;
}

/* Whether a buffer is compared with its golden output element by element:
 * not an input, nor a buffer the problem's check_extra checks. */
static bool compared(const struct jbuf *jb)
{
	return jb->role != CJ_IN && !jb->by_extra;
}

/* Buffer b of case c against its golden output, element by element (into
 * *r); false for one that is not compared so. */
static bool compare_output(const struct judgement *j, const struct jcase *c, int b,
                           struct buffer_report *r)
{
	const struct jbuf *jb = &c->buf[b];
	if (!compared(jb))
		return false;
	compare_buffer_poisoned(jb->elem, jb->data, jb->expect, jb->scale, jb->count,
	                        &j->entry->check, jb->poison * 0x01010101u, r);
	return true;
}

/* Element-wise comparison, then the problem's own checks. */
static void judge_outputs(struct judgement *j, struct case_outcome *o)
{
	const struct jcase *c = o->c;
	o->f.bad_buf = -1;
	for (int b = 0; b < c->nbuf; ++b) {
		struct buffer_report r;
		if (compare_output(j, c, b, &r) && r.bad && o->f.bad_buf < 0) {
			o->f.bad_buf = b;
			o->f.report = r;
		}
	}
	if (o->f.bad_buf < 0 && j->prob->check_extra) {
		char why[sizeof o->f.extra] = "";
		if (!j->prob->check_extra(c, why, sizeof why)) {
			o->verdict = V_WA;
			memcpy(o->f.extra, why, sizeof why);
			say(&o->said, o->detail, sizeof o->detail, T_EXERCISE,
			    FIELDS(F_STR("text", why)));
		}
	}
	if (o->f.bad_buf >= 0) {
		o->verdict = V_WA;
		const struct buffer_report *r = &o->f.report;
		/* the exercise's own diagnosis names the mistake; the poison only how */
		if (j->prob->diagnose)
			o->diagnosis = j->prob->diagnose(c, &o->f);
		o->diagnosis_code = o->diagnosis ? T_EXERCISE : T_NONE;
		if (!o->diagnosis && backend_emulated(j) && shared_poison_seen(r))
			o->diagnosis_code = T_diagnosis_shared_poison;
		else if (!o->diagnosis && r->unwritten == r->bad)
			o->diagnosis_code = T_diagnosis_unwritten;
		if (!o->diagnosis && o->diagnosis_code != T_NONE)
			o->diagnosis = text_of(o->diagnosis_code);
	}
}

bool case_output_differs(const struct judgement *j, const struct jcase *c)
{
	for (int b = 0; b < c->nbuf; ++b) {
		const struct jbuf *jb = &c->buf[b];
		if (compared(jb) && buffer_differs(jb->elem, jb->data, jb->expect, jb->scale,
		                                   jb->count, &j->entry->check))
			return true;
	}
	return false;
}

/* ---- speed rules and host-memory findings (glue.h, struct speed_rule) ----
 * Runs after the outputs passed. Page-locked memory that is not page-locked
 * breaks the exercise's rule (RULE). Host code that blocked on work the glue
 * held back took the time of the hold (TLE). A speed rule missed is TLE: the answer is
 * right but the program took too long compared with what it must beat, in
 * the same run, which is what "time limit" means for these exercises. */
static void judge_speed(const struct judgement *j, const struct cj_wire_case *rec,
                        bool wrong_before, struct case_outcome *o)
{
	if (rec->host_flags & CJ_HOST_PAGEABLE) {
		o->verdict = V_RULE;
		say(&o->said, o->detail, sizeof o->detail, T_pageable_memory, NULL);
		return;
	}
	if (rec->host_flags & CJ_HOST_BLOCKED) {
		o->verdict = V_TLE;
		say(&o->said, o->detail, sizeof o->detail, T_host_waited, NULL);
		return;
	}
	const struct speed_rule *rule = j->prob->speed;
	if (!rule || !o->c->measure || !(j->backend->supports & BACKEND_TIMES))
		return;
	if (rec->measured_reps == 0 || rec->learner_ms <= 0 || rec->baseline_ms <= 0) {
		if (j->o->prebuilt)
			return; /* a stand-in test binary measures nothing */
		if (wrong_before)
			return; /* not measured: a case before was wrong (run/test_run.c) */
		o->verdict = V_JE;
		say(&o->said, o->detail, sizeof o->detail, T_speed_not_measured,
		    FIELDS(F_STR("case", o->c->name),
		           F_STR("baseline", lang_pick(rule->baseline))));
		return;
	}
	o->speed.reps = rec->measured_reps;
	o->speed.learner_ms = rec->learner_ms;
	o->speed.baseline_ms = rec->baseline_ms;
	o->speed.speedup = rec->baseline_ms / rec->learner_ms;
	o->speed.needs = rule->min_speedup;
	if (o->speed.speedup >= rule->min_speedup)
		return;
	o->verdict = V_TLE;
	say(&o->said, o->detail, sizeof o->detail, T_too_slow,
	    FIELDS(F_NUM("speedup", o->speed.speedup), F_STR("baseline", lang_pick(rule->baseline)),
	           F_NUM("learner_ms", o->speed.learner_ms),
	           F_NUM("baseline_ms", o->speed.baseline_ms), F_INT("reps", o->speed.reps),
	           F_NUM("needs", rule->min_speedup), F_STR("advice", lang_pick(rule->advice))));
}

/* A program that ended by itself, with a status that is not the runtime's. */
static void blame_exit(const struct run_result *r, const char *name, struct case_outcome *o)
{
	o->verdict = V_RE;
	say(&o->said, o->detail, sizeof o->detail, name ? T_exited_in_case : T_exited_after_last,
	    FIELDS(F_INT("status", r->exit_code), F_STR("case", name)));
}

/* The case the run was inside when it ended badly gets the blame; `name` is
 * that case, or NULL when every case had finished. `note`: what the test
 * program said about where it was (a deadline passed), or "". */
static void blame_run(const struct judgement *j, const struct run_result *r, const char *name,
                      const char *note, struct case_outcome *o)
{
	struct run_limits limits; /* the learner's, before a tool's allowance */
	backend_default_limits(j, &limits);
	const bool in = name != NULL; /* in a case, or after the last */
	enum text_code code = T_NONE;
	o->verdict = V_RE;
	switch (r->end) {
	case RUN_TIMED_OUT:
		o->verdict = V_TLE;
		code = !in ? T_timed_out_after_last : note[0] ? T_timed_out_noted : T_timed_out;
		break;
	case RUN_SIGNALED:
		if (r->signal == SIGXCPU || (r->signal == SIGKILL && r->cpu_s >= limits.cpu_s)) {
			o->verdict = V_TLE;
			code = in ? T_cpu_time : T_cpu_time_after_last;
		} else {
			code = in ? T_killed : T_killed_after_last;
		}
		break;
	case RUN_MEMORY:
		code = in ? T_host_memory : T_host_memory_after_last;
		break;
	case RUN_EXECED:
		code = in ? T_replaced_itself : T_replaced_itself_after_last;
		break;
	case RUN_OUTPUT_FLOOD:
		code = in ? T_output_flood : T_output_flood_after_last;
		break;
	default:
		blame_exit(r, name, o);
		return;
	}
	bool flood = r->end == RUN_OUTPUT_FLOOD;
	say(&o->said, o->detail, sizeof o->detail, code,
	    FIELDS(F_STR("case", name), F_NUM("seconds", r->wall_s),
	           F_NUM("limit_s", r->end == RUN_TIMED_OUT ? limits.wall_s : limits.cpu_s),
	           F_STR("why",
	                 text_of(backend_emulated(j) ? T_endless_on_emulator : T_endless_on_host)),
	           F_STR("signal", signal_words(r->signal)),
	           F_INT("limit_mib", flood ? limits.output_kill >> 20 : backend_memory_mb(j)),
	           F_STR("note", note)));
}

/* With CUDAJUDGE_KEEP_SANITIZER_LOG=DIR, a copy of a sanitizer's report (a
 * compute-sanitizer log, or the emulated program's ThreadSanitizer output) as
 * DIR/ID-TOOL-PID.log: real reports to record as test data, or to read when
 * one is shown wrong. */
void keep_tool_report(const struct judgement *j, const char *tool, const char *text, size_t len)
{
	const char *keep = getenv("CUDAJUDGE_KEEP_SANITIZER_LOG");
	if (!keep || !*keep)
		return;
	char *copy = xasprintf("%s/%s-%s-%d.log", keep, j->entry->id, tool, (int)getpid());
	FILE *f = fopen(copy, "w");
	if (f) {
		fwrite(text, 1, len, f);
		fclose(f);
	}
	free(copy);
}

/* A case record's error text, NUL-terminated, into out (sizeof rec->error + 1
 * bytes). */
static void wire_error(const struct cj_wire_case *rec, char *out)
{
	memcpy(out, rec->error, sizeof rec->error);
	out[sizeof rec->error] = '\0';
}

/* The emulator's paths are absolute: o's detail shown from the root, as
 * every other report. */
static void shown_from_root(const struct judgement *j, struct case_outcome *o)
{
	char *root = xasprintf("%s/", j->o->root);
	message_cut(&o->said, root);
	message_render(&o->said, o->detail, sizeof o->detail);
	free(root);
}

/* The emulator's own findings: a deadlock, a partial-warp collective, or
 * a data race found by ThreadSanitizer. Leaves o->verdict AC otherwise. */
static void blame_emulated(const struct judgement *j, const char *bin, const struct run_result *r,
                           const struct cj_wire_case *rec, struct case_outcome *o)
{
	if (r->end != RUN_EXITED)
		return;
	char error[sizeof rec->error + 1];
	wire_error(rec, error);
	if (r->exit_code == CJ_EXIT_DEADLOCK) {
		o->verdict = V_TLE;
		say(&o->said, o->detail, sizeof o->detail, T_EMULATOR,
		    FIELDS(F_STR("text", error)));
	} else if (r->exit_code == CJ_EXIT_RACE) {
		o->verdict = V_RACE;
		say(&o->said, o->detail, sizeof o->detail, T_EMULATOR,
		    FIELDS(F_STR("text", error)));
	} else if (r->exit_code == CJ_EXIT_SANITIZER) {
		if (r->output)
			keep_tool_report(j, "threadsanitizer", r->output, strlen(r->output));
		const struct race_context ctx = {.root = j->o->root,
		                                 .learner = j->source,
		                                 .shown = j->sum.file,
		                                 .advice = problem_race_advice(j->entry)};
		int described =
		        describe_race(r->output, &ctx, &o->said, o->detail, sizeof o->detail);
		if (described == 1) {
			/* an access at no line of the learner's or the exercise's:
			 * ThreadSanitizer may not have placed its frames */
			char *placed = place_frames(r->output, bin);
			if (placed) {
				describe_race(placed, &ctx, &o->said, o->detail, sizeof o->detail);
				keep_tool_report(j, "threadsanitizer-placed", placed,
				                 strlen(placed));
			}
			free(placed);
		}
		if (described >= 0)
			o->verdict = V_RACE;
	}
	shown_from_root(j, o);
}

/* A case the runtime saw fail: a write past a buffer's guard, or a CUDA
 * error (the emulator's own report of a fault, named by its case). */
static void failed_case(const struct judgement *j, struct case_outcome *o,
                        const struct cj_wire_case *rec)
{
	o->verdict = V_RE;
	char error[sizeof rec->error + 1];
	wire_error(rec, error);
	if (rec->guard_buf >= 0 && rec->guard_buf < o->c->nbuf) {
		const struct jbuf *b = &o->c->buf[rec->guard_buf];
		say(&o->said, o->detail, sizeof o->detail,
		    rec->guard_side < 0 ? T_write_before_buffer : T_write_past_buffer,
		    FIELDS(F_INT("bytes", rec->guard_offset + 1),
		           F_STR("bytes_word",
		                 text_of(rec->guard_offset ? T_word_bytes : T_word_byte)),
		           F_STR("buffer", b->name), F_INT("elements", b->count)));
	} else if (rec->cuda_error == 0 && error[0]) {
		say(&o->said, o->detail, sizeof o->detail, T_EMULATOR,
		    FIELDS(F_STR("text", error)));
		shown_from_root(j, o);
	} else {
		say(&o->said, o->detail, sizeof o->detail, T_cuda_error,
		    FIELDS(F_STR("case", o->c->name),
		           F_STR("error", error[0] ? error : text_of(T_word_unknown))));
	}
}

/* The timed case's median and spread, and what they say of the bandwidth. */
/* The round whose time is the best: the lowest ratio to the reference's
 * time of the same round, or the lowest time where the reference has none
 * (as a grade's best of K runs was). */
static unsigned best_round(const struct cj_wire_case *rec, unsigned rounds)
{
	unsigned best = 0;
	bool by_ratio = true;
	for (unsigned k = 0; k < rounds; ++k)
		by_ratio &= rec->round_ref_median_ms[k] > 0;
	double best_v = -1;
	for (unsigned k = 0; k < rounds; ++k) {
		double v = rec->round_median_ms[k];
		if (by_ratio)
			v /= rec->round_ref_median_ms[k];
		if (rec->round_median_ms[k] > 0 && (best_v < 0 || v < best_v)) {
			best_v = v;
			best = k;
		}
	}
	return best;
}

/* The timed case's times: its medians, or those of its best round. */
static void fill_timing(struct judgement *j, const struct cj_wire_case *rec, bool with_ref)
{
	struct timing *t = &j->sum.timing;
	t->have = rec->reps > 0 && rec->median_ms > 0;
	if (!t->have)
		return;
	t->median_ms = rec->median_ms;
	t->min_ms = rec->min_ms;
	t->max_ms = rec->max_ms;
	t->reps = rec->reps;
	t->ref_median_ms = with_ref ? rec->ref_median_ms : -1;
	unsigned rounds = rec->rounds <= CJ_MAX_ROUNDS ? rec->rounds : CJ_MAX_ROUNDS;
	if (rounds > 1) {
		t->rounds = rounds;
		for (unsigned k = 0; k < rounds; ++k) {
			t->round_ms[k] = rec->round_median_ms[k];
			t->round_ref_ms[k] = with_ref ? rec->round_ref_median_ms[k] : 0;
		}
		t->best_round = best_round(rec, rounds);
		if (t->round_ms[t->best_round] > 0)
			t->median_ms = t->round_ms[t->best_round];
		if (with_ref && t->round_ref_ms[t->best_round] > 0)
			t->ref_median_ms = t->round_ref_ms[t->best_round];
	}
	if (t->ref_median_ms > 0) {
		t->ratio_to_ref = t->median_ms / t->ref_median_ms;
		t->ref_from = "same_run";
	}
	t->copy_gbps = j->dev.copy_gbps;
	grade_bandwidth(t, &j->entry->perf);
}

/* ------------------------------------------------------------------ */
/* Confinement and the sanitize backend                                */
/* ------------------------------------------------------------------ */

enum verdict decide_cases(struct judgement *j, struct case_set *set, struct run_result *r)
{
	enum verdict overall = V_AC;
	bool blamed = false;
	bool ended_badly = r->end != RUN_EXITED || r->exit_code != 0;
	for (int i = 0; i < set->n; ++i) {
		const struct cj_wire_case *rec = case_record(set, i);
		struct case_outcome *o = &j->out[j->nout];
		memset(o, 0, sizeof *o);
		o->c = &set->cases[i];
		o->time_ms = -1;
		o->seconds = rec->state == CJ_CASE_DONE || rec->state == CJ_CASE_FAILED
		                     ? rec->case_ms / 1e3
		                     : -1;
		o->verdict = V_AC;
		if (rec->state == CJ_CASE_DONE) {
			judge_outputs(j, o);
			if (o->verdict == V_AC)
				judge_speed(j, rec, overall != V_AC, o);
			if (o->verdict == V_AC && set->cases[i].timed) {
				/* the reference timed in turn with the learner's code by the
				 * runner */
				fill_timing(j, rec, rec->ref_reps > 0 && rec->ref_median_ms > 0);
				o->time_ms = j->sum.timing.have ? j->sum.timing.median_ms : -1;
			}
		} else if (rec->state == CJ_CASE_LEFT_OUT && j->o->skip_big_after_wrong &&
		           overall != V_AC) {
			o->verdict = V_SKIP;
			o->f.bad_buf = -1;
			say(&o->said, o->detail, sizeof o->detail, T_case_left_out, NULL);
		} else if (rec->state == CJ_CASE_FAILED && r->end == RUN_EXITED &&
		           r->exit_code == CJ_EXIT_CASE_FAILED) {
			failed_case(j, o, rec);
			blamed = true;
		} else if (!blamed) {
			/* Started, or never reached although the program ended. */
			blame_emulated(j, j->bin, r, rec, o);
			char note[sizeof rec->error + 1];
			wire_error(rec, note);
			if (o->verdict == V_AC) /* not an emulator finding */
				blame_run(j, r, o->c->name, note, o);
			blamed = true;
		} else {
			break;
		}
		overall = verdict_worse(overall, o->verdict);
		j->case_json[j->nout] = report_case(j->prob, o);
		j->nout++;
		if (o->verdict == V_TLE || o->verdict == V_RE)
			break;
	}
	if (ended_badly && !blamed) {
		/* Every case finished, then the program hung or crashed. */
		static struct case_outcome o; /* static: a message is large */
		memset(&o, 0, sizeof o);
		blame_run(j, r, NULL, "", &o);
		overall = verdict_worse(overall, o.verdict);
		j->said = o.said;
		snprintf(j->message, sizeof j->message, "%s", o.detail);
	}
	return overall;
}

void say_first_failure(struct judgement *j)
{
	if (j->said.code != T_NONE)
		return;
	const struct case_outcome *first = NULL;
	for (int i = 0; i < j->nout && !first; ++i)
		if (j->out[i].verdict != V_AC)
			first = &j->out[i];
	if (!first)
		say(&j->said, j->message, sizeof j->message, T_all_passed,
		    FIELDS(F_INT("cases", j->nout)));
	else if (first->detail[0])
		say(&j->said, j->message, sizeof j->message, T_case_failed,
		    FIELDS(F_STR("case", first->c->name), F_STR("detail", first->detail)));
	else /* a plain mismatch: the case itself carries the counts */
		say(&j->said, j->message, sizeof j->message, T_case_mismatch,
		    FIELDS(F_STR("case", first->c->name), F_INT("bad", first->f.report.bad),
		           F_INT("total", first->f.report.total),
		           F_STR("buffer", first->c->buf[first->f.bad_buf].name)));
}
