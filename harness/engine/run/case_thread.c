/* The cases made beside the build; see case_thread.h. */
#include "run/case_thread.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "report/texts.h"
#include "rng.h"
#include "run/cases_dir.h"
#include "run/test_run.h"
#include "util.h"

#define CASE_RESERVE_BYTES ((uint64_t)16 << 30) /* virtual: the memfd is sparse */

struct case_job {
	pthread_t thread;
	struct case_set set;
	bool made;     /* case_set_init worked */
	char err[256]; /* why not */
	uint64_t inputs_hash;
	double seconds; /* the thread's own time */
	bool file_made; /* case_set_init was tried (made says how it went) */
	enum cases_from from;
};

bool cases_planned_timed(const struct judgement *j)
{
	return !j->o->no_perf && j->entry->perf.n > 0 && (j->backend->supports & BACKEND_TIMES);
}

/* The case file, made before the thread starts: a runner started beside the
 * build is handed it at once (run/warm_runner.h). */
static void make_file(struct case_job *job)
{
	job->made = case_set_init(&job->set, CASE_RESERVE_BYTES, job->err, sizeof job->err) == 0;
	job->file_made = true;
}

/* Makes the cases into job's set, or reads them from --cases-dir when a
 * judgement made them there (run/cases_dir.h). */
static void make_or_load(struct judgement *j, struct case_job *job)
{
	struct case_set *set = &job->set;
	struct case_plan plan = {
	        .timed = cases_planned_timed(j),
	        /* The sanitizers are slow too: the emulator's small sizes suit them. */
	        .emulated = (j->backend->supports & BACKEND_SMALL_CASES) != 0,
	};
	/* The golden outputs go into the folder: only where no learner code runs
	 * on the host to read them. */
	bool keep = j->o->cases_dir && cases_may_be_kept(j->backend->supports, j->o->prebuilt);
	struct cases_key key;
	int lock = -1;
	if (keep) {
		cases_key_make(&key, j->entry->id, j->entry->perf.n, j->sum.seed, plan.timed,
		               plan.emulated);
		lock = cases_dir_lock(j->o->cases_dir, &key);
		if (lock >= 0 && cases_dir_load(j->o->cases_dir, &key, set, &job->inputs_hash)) {
			cases_dir_unlock(lock);
			job->from = CASES_KEPT;
			return;
		}
	}
	struct rng rng;
	rng_seed(&rng, j->sum.seed);
	/* Integer outputs are poisoned with a byte that changes from run to run. */
	set->int_poison = (uint8_t)rng_range(&rng, 0x81, 0xfe);
	j->prob->make_cases(set, &rng, j->entry, &plan);
	job->inputs_hash = case_set_hash_inputs(set);
	job->from = CASES_MADE;
	char why[512];
	if (lock >= 0 &&
	    cases_dir_save(j->o->cases_dir, &key, set, job->inputs_hash, why, sizeof why))
		job->from = CASES_SAVED;
	cases_dir_unlock(lock);
}

/* Makes the cases; reads only what is fixed before the build (the seed, the
 * catalog's entry, the backend's table, the options). Whether the file broke
 * a rule is not known yet: the timed case is made, and left out in
 * cases_take when it did. */
static void make_all(struct judgement *j, struct case_job *job)
{
	double t = now_s();
	if (!job->file_made)
		make_file(job);
	if (job->made) {
		make_or_load(j, job);
		case_set_prepare(&job->set);
	}
	job->seconds = now_s() - t;
}

static void *case_thread(void *arg)
{
	struct judgement *j = arg;
	make_all(j, j->case_job);
	return NULL;
}

void cases_make_file(struct judgement *j)
{
	if (!j->case_job)
		j->case_job = xcalloc(1, sizeof *j->case_job);
	make_file(j->case_job);
}

void cases_start(struct judgement *j)
{
	if (!j->case_job)
		j->case_job = xcalloc(1, sizeof *j->case_job);
	j->case_job_running = pthread_create(&j->case_job->thread, NULL, case_thread, j) == 0;
	/* Without a thread (none left to the process), they are made when needed. */
}

bool cases_untaken(const struct judgement *j)
{
	return j->case_job_running;
}

struct case_set *cases_file(struct judgement *j)
{
	return j->case_job && j->case_job->file_made && j->case_job->made ? &j->case_job->set
	                                                                  : NULL;
}

/* A file that broke a rule is never timed: its timed cases (the problems add
 * them last) go. True when any did. */
static bool leave_out_timed(struct case_set *set)
{
	int n = set->n;
	while (set->n > 0 && set->cases[set->n - 1].timed)
		--set->n;
	for (int i = 0; i < set->n; ++i)
		set->cases[i].timed = 0;
	return set->n != n;
}

bool cases_take(struct judgement *j, struct case_set *set, uint64_t *inputs_hash)
{
	if (!j->case_job)
		j->case_job = xcalloc(1, sizeof *j->case_job);
	struct case_job *job = j->case_job;
	double t = now_s();
	if (j->case_job_running) {
		pthread_join(job->thread, NULL);
		j->case_job_running = false;
	} else {
		make_all(j, job);
	}
	j->sum.cases_s = job->seconds;
	j->sum.cases_wait_s = now_s() - t;
	j->sum.cases_from = cases_from_name(job->from);
	if (!job->made) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_cases_not_made,
		    FIELDS(F_STR("error", job->err)));
		free(job);
		j->case_job = NULL;
		return false;
	}
	*set = job->set;
	*inputs_hash = job->inputs_hash;
	free(job);
	j->case_job = NULL;
	if (j->rules.n && leave_out_timed(set))
		*inputs_hash = case_set_hash_inputs(set);
	case_set_publish(set, WARMUP_LAUNCHES, j->entry->perf.reps, 1);
	((struct cj_wire_header *)set->base)->rounds = j->o->timing_rounds;
	return true;
}
