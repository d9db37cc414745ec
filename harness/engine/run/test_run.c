/* One run of the test program over an exercise's cases; see test_run.h. */
#include "run/test_run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "report/lang.h"
#include "report/texts.h"
#include "report/report.h"
#include "run/case_thread.h"
#include "run/warm_runner.h"
#include "rng.h"
#include "util.h"
#include "verdict/case_verdict.h"
#include "verdict/race_report.h"
#include "wire.h"

struct handover {
	const struct judgement *j;
	const struct case_set *set;
	int fd;
	struct cj_wire_header *h;
	bool granted; /* the program had the device alone at some point */
	int checked;  /* the cases before this one were looked at (wrong_so_far) */
	int asked;    /* the case it last asked to be alone for, looked at too; -1: none */
	bool wrong;   /* one of them was wrong */
};

/* Whether case i failed, or gave a wrong element once its outputs were
 * written (finished, or `written`: the one it asked to be alone for). */
static bool case_wrong(const struct handover *x, int i, bool written)
{
	const struct cj_wire_case *rec = case_record((struct case_set *)x->set, i);
	return rec->state == CJ_CASE_FAILED || ((written || rec->state == CJ_CASE_DONE) &&
	                                        case_output_differs(x->j, &x->set->cases[i]));
}

/* Whether a case before case i failed or gave a wrong element (all of them
 * finished: the program asks before it starts case i). */
static bool wrong_before(struct handover *x, int i)
{
	for (; !x->wrong && x->checked < i && x->checked < x->set->n; ++x->checked)
		x->wrong = case_wrong(x, x->checked, false);
	return x->wrong;
}

/* Whether a case failed or gave a wrong element: one the program finished
 * before the one it is on now, or that one, whose outputs it wrote before it
 * asked to be alone (wire.h: want_alone). Then the run's verdict is not AC
 * whatever it times, and it times nothing (and, sharing the device, never
 * waits for it alone). The program waits meanwhile: what it wrote stays as
 * it is. */
static bool wrong_so_far(struct handover *x)
{
	int now = x->h->current;
	wrong_before(x, now);
	if (!x->wrong && now >= 0 && now < x->set->n && now != x->asked) {
		x->asked = now;
		x->wrong = case_wrong(x, now, true);
	}
	return x->wrong;
}

/* The answer to a program asking whether to run a big case (wire.h:
 * ask_big): not once a case before it was wrong; the reference's run that
 * times it (--reference-time: backends/linked.c) runs the timed case alone. */
static void answer_big(struct handover *x)
{
	int32_t asking = __atomic_load_n(&x->h->asking, __ATOMIC_ACQUIRE),
	        answered = __atomic_load_n(&x->h->answer, __ATOMIC_ACQUIRE);
	if (asking <= 0 || asking > x->set->n || answered == asking || answered == -asking)
		return;
	bool run = x->j->o->reference_time ? x->set->cases[asking - 1].timed != 0
	                                   : !wrong_before(x, asking - 1);
	__atomic_store_n(&x->h->answer, run ? asking : -asking, __ATOMIC_RELEASE);
}

static double handover_tick(void *arg)
{
	struct handover *x = arg;
	if (x->h->ask_big)
		answer_big(x);
	if (x->fd < 0 || !x->h->lock_handoff)
		return 0;
	uint32_t want = __atomic_load_n(&x->h->want_alone, __ATOMIC_ACQUIRE),
	         alone = __atomic_load_n(&x->h->alone, __ATOMIC_ACQUIRE);
	if (want == 1 && alone == 0 && wrong_so_far(x)) {
		__atomic_store_n(&x->h->alone, 2, __ATOMIC_RELEASE);
		return 0;
	}
	double waited = device_lock_handover(x->j->o->build, x->fd, x->h);
	x->granted |= __atomic_load_n(&x->h->alone, __ATOMIC_ACQUIRE) == 1;
	return waited;
}

/* Whether the program has said it is done (wire.h: done_s), and its status. */
static bool said_done(void *arg, int *exit_code)
{
	const struct cj_wire_header *h = arg;
	double at;
	__atomic_load(&h->done_s, &at, __ATOMIC_ACQUIRE);
	if (at <= 0)
		return false;
	*exit_code = h->done_code;
	return true;
}

/* A program that never had the device alone timed nothing the engine takes. */
static void forget_times(struct case_set *set)
{
	for (int i = 0; i < set->n; ++i) {
		struct cj_wire_case *rec = case_record(set, i);
		rec->reps = 0;
		rec->ref_reps = 0;
		rec->measured_reps = 0;
	}
}

char **test_command(struct judgement *j, const char *bin, int fd, const struct case_set *set,
                    struct test_argv *a)
{
	snprintf(a->fd, sizeof a->fd, "%d", fd);
	snprintf(a->cc, sizeof a->cc, "%d", j->dev.cc);
	char *words[] = {(char *)bin, "--wire", a->fd, "--expect-cc", a->cc, NULL};
	memset(a->argv, 0, sizeof a->argv);
	memcpy(a->argv, words, sizeof words);
	/* The emulator (harness/emu/emu.cpp) words its own reports in CJ_LANG. */
	setenv("CJ_LANG", lang_current == LANG_ZH ? "zh" : "en", 1);
	return j->backend->command ? j->backend->command(j, set, a->argv) : a->argv;
}

int spawn_test(struct judgement *j, const char *bin, struct case_set *set, struct run_result *r)
{
	struct run_limits lim;
	backend_limits(j, &lim);
	struct handover handover = {j, set, j->device_lock, (struct cj_wire_header *)set->base,
	                            .asked = -1};
	if ((j->device_lock >= 0 && handover.h->lock_handoff) || handover.h->ask_big) {
		lim.tick = handover_tick;
		lim.tick_arg = &handover;
	}
	if (backend_ends_when_done(j)) {
		lim.done = said_done;
		lim.done_arg = set->base;
	}
	int rc;
	if (warm_runner_waits(j, set)) {
		rc = warm_runner_go(j, set, &lim, r);
	} else {
		struct test_argv a;
		char **command = test_command(j, bin, set->fd, set, &a);
		rc = run_supervised(command, set->fd, &lim, r);
		if (command != a.argv)
			free(command);
	}
	if (lim.tick && handover.h->lock_handoff && !handover.granted)
		forget_times(set);
	return rc;
}

/* A run on the device takes its lock: alone when something is measured.
 * When the program is the judge's own (the trusted runner with the learner's
 * device code as a module, or the engine's stand-in), it asks before it
 * times (wire.h: lock_handoff), and times nothing once a case before, or the
 * one it asks for, was wrong; when runs share the device, it holds the lock
 * shared and alone only around the launches it times: a program with the
 * learner's host code in it could launch while it said it was done. */
static int take_the_device(const struct judgement *j, struct case_set *set)
{
	if (!(j->backend->supports & BACKEND_DEVICE))
		return -1;
	bool measures = false;
	for (int i = 0; i < set->n; ++i)
		measures |= set->cases[i].timed ||
		            (set->cases[i].measure && (j->backend->supports & BACKEND_TIMES));
	bool own_program = j->module || j->o->prebuilt;
	if (measures && own_program) {
		bool share = device_sharing();
		((struct cj_wire_header *)set->base)->lock_handoff =
		        share ? CJ_HANDOFF_SHARED : CJ_HANDOFF_HELD;
		measures = !share;
	}
	return take_device_lock(j->o->build, !measures);
}

/* The first line the program printed (stderr: where the runtime and the host
 * runner say what stopped them), from the summary's copy of its output. */
static void first_line_of_output(const struct judgement *j, char *line, size_t size)
{
	const char *out = j->sum.program_output ? j->sum.program_output : "";
	snprintf(line, size, "%.*s", (int)strcspn(out, "\n"), out);
}

/* What ended the whole run rather than a case: the device could not be used,
 * the program could not be loaded or read its cases, or it wrote into their
 * inputs. True when the summary says so (j->sum.verdict, j->message). Its
 * output is in the summary by now (j->sum.program_output). */
static bool run_failed(struct judgement *j, const struct case_set *set, const struct run_result *r,
                       uint64_t inputs_before)
{
	bool exited = r->end == RUN_EXITED;
	enum text_code code = T_NONE;
	char why[320] = "";
	/* The emulator needs no device: its exit 5 is the learner's (_exit(5)). */
	if ((j->backend->supports & BACKEND_DEVICE) && exited &&
	    r->exit_code == CJ_EXIT_NO_DEVICE) {
		first_line_of_output(j, why, sizeof why); /* which call failed */
		code = why[0] ? T_device_unusable_because : T_device_unusable;
	} else if (exited && r->exit_code == CJ_EXIT_NOT_LOADED &&
	           ((const struct cj_wire_header *)set->base)->current == -1 &&
	           (set->n == 0 ||
	            case_record((struct case_set *)set, 0)->state == CJ_CASE_PENDING)) {
		first_line_of_output(j, why, sizeof why); /* the loader's (host_runner.c) */
		code = T_program_not_loaded;
	} else if (exited && r->exit_code == CJ_EXIT_BAD_WIRE &&
	           ((const struct cj_wire_header *)set->base)->mapped != CJ_WIRE_MAPPED) {
		code = T_cases_unread;
	} else if (exited && r->exit_code == CJ_EXIT_WRONG_ARCH) {
		code = T_device_changed;
		device_query(j->paths.build, true, &j->dev);
	} else if (case_set_hash_inputs(set) != inputs_before) {
		/* The runtime never writes inputs: the learner's code reached into
		 * the judge's case file. Nothing it left there can be trusted. */
		code = T_inputs_written;
	} else {
		return false;
	}
	j->sum.verdict = code == T_inputs_written ? V_RE : V_JE;
	say(&j->said, j->message, sizeof j->message, code, FIELDS(F_STR("why", why)));
	return true;
}

/* Where the run's time went, as the program wrote it: a part of run_s, or
 * nothing when what it wrote is no such part. `ended`: when the program's
 * end was seen. */
static void run_parts(struct judgement *j, struct case_set *set, double ended)
{
	const struct cj_wire_header *h = (const struct cj_wire_header *)set->base;
	double done;
	__atomic_load(&h->done_s, &done, __ATOMIC_ACQUIRE);
	double run = j->sum.run_s, start = h->start_ms / 1e3, end = ended - done;
	double timed = 0;
	for (int i = 0; i < set->n; ++i)
		if (set->cases[i].timed)
			timed += case_record(set, i)->case_ms / 1e3;
	j->sum.run_start_s = start >= 0 && start <= run ? start : 0;
	j->sum.run_timed_s = timed >= 0 && timed <= run ? timed : 0;
	j->sum.run_end_s = done > 0 && end >= 0 && end <= run ? end : 0;
}

/* A learner's own judgement: the program asks before each big case whether
 * to run it (wire.h: ask_big). */
static void ask_before_big(const struct judgement *j, struct case_set *set)
{
	if (!j->o->skip_big_after_wrong)
		return;
	struct cj_wire_header *h = (struct cj_wire_header *)set->base;
	h->ask_big = 1;
	for (int i = 0; i < set->n; ++i)
		h->cases[i].big = case_is_big(&set->cases[i]);
}

void run_and_check(struct judgement *j)
{
	struct case_set set;
	uint64_t inputs_before;
	if (!cases_take(j, &set, &inputs_before))
		return;
	ask_before_big(j, &set);
	double t = now_s();
	int lock = take_the_device(j, &set);
	if (lock < 0) /* nobody to answer its asking */
		((struct cj_wire_header *)set.base)->lock_handoff = CJ_HANDOFF_NONE;
	j->device_lock = lock;
	j->sum.wait_s = now_s() - t;

	report_phase("run", "start", -1);
	struct run_result r;
	int spawned = spawn_test(j, j->bin, &set, &r);
	double ended = now_s();
	if (spawned != 0 || r.end == RUN_NOT_STARTED) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_program_not_started,
		    FIELDS(F_STR("error", r.error)));
	} else {
		j->sum.run_s = r.wall_s;
		run_parts(j, &set, ended);
		report_phase("run", "done", r.wall_s);
		j->sum.program_output = r.output;
		r.output = NULL; /* handed to the summary */
		double checked = now_s();
		report_phase("check", "start", -1);
		if (!run_failed(j, &set, &r, inputs_before)) {
			r.output = (char *)j->sum.program_output;
			j->sum.verdict = decide_cases(j, &set, &r);
			strip_race_report(r.output); /* said in the case's words */
			r.output = NULL;
			say_first_failure(j);
			if (j->backend->after_run)
				j->backend->after_run(j, &set);
		}
		j->sum.check_s = now_s() - checked;
		report_phase("check", "done", j->sum.check_s);
	}
	/* unless the backend let it go after the run; kept until the program
	 * has ended, which it was left to do (run/supervise.h) */
	supervise_let_go_after_left(j->device_lock);
	j->device_lock = -1;
	run_result_free(&r);
	/* freed once the summary is out (judge.c): the learner does not wait for it */
	if (j->has_ran)
		case_set_free(&j->ran);
	j->ran = set;
	j->has_ran = true;
}
