/* The linked backend: the host-driven exercises (stream_overlap,
 * event_dependency) on a GPU, whose learner code is host code: a test program
 * linked from it and the runtime, after the object check, as a shared object
 * that the host runner (harness/runtime/host_runner.c), started beside the
 * build with the device, loads once it is built. The reference's own program
 * of that kind is timed by a run of its own that starts with the judgement:
 * another engine, `cudajudge judge --reference-time`, which starts a host
 * runner of its own, builds the reference's program (or finds it kept),
 * makes the same cases from the same seed and runs the timed one alone,
 * taking the device lock as any run does. An accepted file's judgement waits
 * for its answer after its own run (and for its end after the summary); only
 * when it failed is the reference timed after the run. A file whose build is
 * kept has no compile to hide that run behind: it takes the reference's last
 * median on this device when that is recent (run/kept_reference.h). Also the
 * backend of the engine's stand-ins (--prebuilt). See backend.h. */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include "backends/backend.h"
#include "build/linked.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "report/report.h"
#include "run/case_thread.h"
#include "run/kept_reference.h"
#include "run/test_run.h"
#include "run/warm_runner.h"
#include "util.h"

extern char **environ;

/* How long a judgement whose file was accepted waits, after its run, for the
 * reference's run beside it, before it ends that run and times the reference
 * itself: that run builds the reference when it is not kept yet, makes the
 * cases and waits for the device, as the learner's did. */
#define REFERENCE_WAIT_S 120.0

static bool runs_hosted(const struct judgement *j);

/* `bin` run on `set` holding the device lock for the whole run: the median
 * of its case `timed`, or -1. */
static double median_holding_device(struct judgement *j, const char *bin, struct case_set *set,
                                    int timed)
{
	double median = -1;
	j->device_lock = take_device_lock(j->o->build, false);
	struct run_result r;
	if (spawn_test(j, bin, set, &r) == 0 && r.end == RUN_EXITED && r.exit_code == 0) {
		const struct cj_wire_case *rec = case_record(set, timed);
		if (rec->reps > 0 && rec->median_ms > 0)
			median = rec->median_ms;
	}
	run_result_free(&r);
	supervise_let_go_after_left(j->device_lock);
	j->device_lock = -1;
	return median;
}

/* The reference's own program on the timed case alone (`ref`), after the
 * learner's run (whose device lock is let go by then): its median, or -1
 * (j->message says why when it did not build). */
static double reference_median(struct judgement *j, struct case_set *ref)
{
	double median = -1;
	bool hosted = runs_hosted(j);
	struct build_result br;
	build_reference(&j->paths, j->entry->id, j->dev.cc, hosted, &br);
	if (br.status != BUILD_OK) {
		say(&j->said, j->message, sizeof j->message, T_reference_not_built,
		    FIELDS(F_INT("cases", j->nout), F_STR("log", br.log)));
	} else {
		char *bin = reference_program_path(&j->paths, j->entry->id, j->dev.cc, hosted);
		case_set_publish(ref, WARMUP_LAUNCHES, j->entry->perf.reps, 1);
		median = median_holding_device(j, bin, ref, 0);
		kept_reference_save(bin, j->dev.uuid, median);
		free(bin);
	}
	free(br.log);
	return median;
}

/* The index of set's timed case, or -1. */
static int timed_index(const struct case_set *set)
{
	for (int i = 0; i < set->n; ++i)
		if (set->cases[i].timed)
			return i;
	return -1;
}

/* The timed case of `set` copied into `ref` alone; false when it has none. */
static bool timed_case(struct case_set *set, struct case_set *ref)
{
	char err[256];
	int i = timed_index(set);
	return i >= 0 && case_set_copy_one(ref, set, i, err, sizeof err) == 0;
}

/* The timed case alone, run by the reference's program holding the device
 * lock: its median, or -1. *ran: the cases it ran. */
static double time_timed_case(struct judgement *j, struct case_set *set, int *ran)
{
	int timed = timed_index(set);
	if (timed < 0)
		return -1;
	/* the program asks before every case, and runs the timed one alone
	 * (run/test_run.c: answer_big) */
	struct cj_wire_header *h = (struct cj_wire_header *)set->base;
	h->ask_big = 1;
	for (int i = 0; i < set->n; ++i)
		h->cases[i].big = 1;
	double median = median_holding_device(j, j->bin, set, timed);
	for (int i = 0; i < set->n; ++i)
		*ran += case_record(set, i)->state == CJ_CASE_DONE;
	return median;
}

int linked_reference_time(struct judgement *j)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL); /* ends with the judgement that asked */
	signal(SIGPIPE, SIG_IGN);         /* which reads its answer only */
	double t = now_s(), median = -1;
	int ran = 0; /* the cases its program ran: the timed one alone */
	if (j->backend == &backend_linked && !j->o->prebuilt && j->backend->ready(j) &&
	    j->dev.found && cases_planned_timed(j)) {
		/* As a learner's judgement: the host runner makes its device
		 * while the reference is built (or found kept) and the cases are
		 * made (contexts made beside a timed run were shown not to slow it:
		 * docs/latency.md); the device lock is taken for the run alone. */
		bool hosted = runs_hosted(j);
		j->bin = reference_program_path(&j->paths, j->entry->id, j->dev.cc, hosted);
		make_work_folder(j);
		cases_make_file(j);
		warm_runner_start(j);
		cases_start(j);
		struct build_result br;
		build_reference(&j->paths, j->entry->id, j->dev.cc, hosted, &br);
		struct case_set set;
		uint64_t inputs;
		bool made = br.status == BUILD_OK && cases_take(j, &set, &inputs);
		if (made) {
			median = time_timed_case(j, &set, &ran);
			kept_reference_save(j->bin, j->dev.uuid, median);
			case_set_free(&set);
		}
		warm_runner_stop(j);
		free(br.log);
	}
	printf("{\"type\":\"reference\",\"median_ms\":%.9g,\"seconds\":%.6f,\"cases_run\":%d}\n",
	       median, now_s() - t, ran);
	fflush(stdout);
	return median > 0 ? 0 : 2;
}

/* A file whose build is kept has no compile to hide the reference's run
 * behind: the median of the reference's last run on this device is taken
 * when it is recent (run/kept_reference.h). Not in a grade's rounds
 * (--timing-rounds), which time the reference with each round. */
static bool reference_kept(struct judgement *j)
{
	if (j->o->timing_rounds > 1)
		return false;
	bool hosted = runs_hosted(j);
	if (!linked_build_is_kept(&j->paths, j->entry->id, j->source, j->dev.cc,
	                          hosted ? LINKED_HOSTED : LINKED_PROGRAM))
		return false;
	char *program = reference_program_path(&j->paths, j->entry->id, j->dev.cc, hosted);
	bool kept = kept_reference_take(program, j->dev.uuid, &j->ref_kept_ms, &j->ref_kept_age_s);
	free(program);
	return kept;
}

/* Starts the engine that times the reference (linked_reference_time) on the
 * judgement's seed, when the run will be timed on a device and no median of
 * it is kept for this file (reference_kept). */
static void start_reference(struct judgement *j)
{
	if (j->o->prebuilt || !j->dev.found || !cases_planned_timed(j))
		return;
	if (reference_kept(j))
		return;
	char *ref = xasprintf("%s/reference/%s.cu", j->o->root, j->entry->id);
	char seed[32];
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)j->sum.seed);
	char *argv[24];
	int n = 0;
	argv[n++] = "/proc/self/exe";
	argv[n++] = "judge";
	argv[n++] = "--root";
	argv[n++] = (char *)j->o->root;
	argv[n++] = "--build";
	argv[n++] = (char *)j->o->build;
	argv[n++] = "--id";
	argv[n++] = (char *)j->entry->id;
	argv[n++] = "--file";
	argv[n++] = ref;
	argv[n++] = "--seed";
	argv[n++] = seed;
	argv[n++] = "--backend";
	argv[n++] = "gpu";
	argv[n++] = "--lang";
	argv[n++] = lang_current == LANG_ZH ? "zh" : "en";
	argv[n++] = "--reference-time";
	argv[n] = NULL;
	int fds[2];
	if (pipe2(fds, O_CLOEXEC) != 0) {
		free(ref);
		return;
	}
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_adddup2(&fa, fds[1], STDOUT_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
	pid_t pid;
	fflush(NULL);
	if (posix_spawn(&pid, "/proc/self/exe", &fa, NULL, argv, environ) == 0) {
		j->ref_pid = pid;
		j->ref_out = fds[0];
		supervise_spare_child(pid);
	} else {
		close(fds[0]);
	}
	close(fds[1]);
	posix_spawn_file_actions_destroy(&fa);
	free(ref);
}

/* The reference's run beside the build: its median when its answer comes
 * within `wait` seconds, else it is ended now. Its answer comes before its
 * end, which still works the device (its program's end, then its own): that
 * is waited for after the learner's summary (supervise_leave_running, and
 * judge.c: supervise_wait_left). Meanwhile the learner's program, left to
 * end, is reaped, so that its device lock goes to the reference's run once it
 * has ended. */
static void finish_reference(struct judgement *j, double wait)
{
	if (j->ref_pid < 0)
		return;
	double until = now_s() + wait;
	char buf[4096];
	size_t len = 0;
	bool answered = false;
	while (!answered && now_s() < until) {
		struct pollfd p = {.fd = j->ref_out, .events = POLLIN};
		int n = poll(&p, 1, 2);
		supervise_reap_left();
		if (n < 0 && errno != EINTR) /* no pipe to read: no answer */
			break;
		if (n <= 0)
			continue;
		ssize_t got = read(j->ref_out, buf + len, sizeof buf - 1 - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0) /* it ended without an answer */
			break;
		len += (size_t)got;
		buf[len] = '\0';
		/* its last line (linked_reference_time); phase lines before it */
		char *line = buf, *nl;
		while (!answered && (nl = strchr(line, '\n'))) {
			*nl = '\0';
			double median;
			if (sscanf(line, "{\"type\":\"reference\",\"median_ms\":%lf", &median) ==
			    1) {
				answered = true;
				if (median > 0)
					j->ref_beside_ms = median;
			}
			line = nl + 1;
		}
		len -= (size_t)(line - buf);
		memmove(buf, line, len);
		if (len == sizeof buf - 1) /* no line that long: none of its answer */
			len = 0;
	}
	supervise_unspare_child(j->ref_pid);
	if (answered) {
		supervise_leave_running(j->ref_pid);
	} else { /* not done: the reference is timed after the run instead */
		kill(j->ref_pid, SIGKILL);
		while (waitpid(j->ref_pid, NULL, 0) < 0 && errno == EINTR) {
		}
	}
	close(j->ref_out);
	j->ref_pid = j->ref_out = -1;
}

/* Whether the learner's program is a shared object that the host runner
 * loads (host_runner.c): on a device, unless the sanitizer runs it (whose
 * tool starts the program itself) or the host runner was not built.
 * CUDAJUDGE_NO_HOST_RUNNER=1: a program of its own, as before it. */
static bool runs_hosted(const struct judgement *j)
{
	if (j->backend != &backend_linked || !j->dev.found || j->o->prebuilt ||
	    getenv("CUDAJUDGE_NO_HOST_RUNNER"))
		return false;
	char *runner = host_runner_path(&j->paths);
	bool there = access(runner, X_OK) == 0;
	free(runner);
	return there;
}

/* What runs: the shared object the build makes, in the host runner
 * (linked_command), or the program of its own. */
static void name_program(struct judgement *j, bool hosted)
{
	if (!j->bin)
		j->bin = xasprintf(hosted ? "%s/test.so" : "%s/test", j->work);
}

/* The host runner starts the device beside the build, and loads the shared
 * object once it is built (run/warm_runner.h). */
static bool linked_starts_early(struct judgement *j)
{
	if (!runs_hosted(j))
		return false;
	name_program(j, true);
	return true;
}

/* A program built as a shared object runs in the host runner: `runner
 * --program FILE.so` before the program's own words (argv has room). */
static char **linked_command(struct judgement *j, const struct case_set *set, char **argv)
{
	(void)set;
	size_t len = strlen(argv[0]);
	if (len < 3 || strcmp(argv[0] + len - 3, ".so") != 0)
		return argv;
	if (!j->host_runner)
		j->host_runner = host_runner_path(&j->paths);
	int k = 0;
	while (argv[k])
		++k;
	memmove(argv + 3, argv + 1, (size_t)k * sizeof *argv); /* the words, then NULL */
	argv[2] = argv[0];
	argv[1] = "--program";
	argv[0] = j->host_runner;
	return argv;
}

/* without a device, only compiled: its CE is still the verdict */
static void build_linked(struct judgement *j, struct build_result *br)
{
	bool hosted = runs_hosted(j);
	name_program(j, hosted);
	build_kept_test_binary(&j->paths, j->entry->id, j->source, judgement_cc(j), j->work, j->bin,
	                       !j->dev.found ? LINKED_OBJECT_ONLY
	                       : hosted      ? LINKED_HOSTED
	                                     : LINKED_PROGRAM,
	                       br);
	/* a file that did not build is never timed: nor is the reference */
	if (br->status != BUILD_OK)
		finish_reference(j, 0);
}

/* The reference's median against the learner's: the summary's ratio; from
 * its run beside the build (waited for now, the learner's run being over and
 * its device lock let go), or timed now on the timed case alone. */
static void time_reference(struct judgement *j, struct case_set *set)
{
	report_phase("reference", "start", -1);
	double t = now_s();
	/* the reference's run takes it once the learner's program has ended
	 * (reaped while its answer is waited for; take_device_lock waits for
	 * that end before the reference is timed here) */
	supervise_let_go_after_left(j->device_lock);
	j->device_lock = -1;
	finish_reference(j, REFERENCE_WAIT_S);
	const char *from = "beside_build";
	double median = j->ref_beside_ms;
	if (median <= 0 && j->ref_kept_ms > 0) {
		from = "kept";
		median = j->ref_kept_ms;
		j->sum.timing.ref_age_s = j->ref_kept_age_s;
	}
	struct case_set ref = {.fd = -1};
	if (median <= 0 && timed_case(set, &ref)) {
		from = "after_run";
		median = reference_median(j, &ref);
		case_set_free(&ref);
	}
	if (median > 0) {
		j->sum.timing.ref_median_ms = median;
		j->sum.timing.ratio_to_ref = j->sum.timing.median_ms / median;
		j->sum.timing.ref_from = from;
	}
	j->sum.reference_s = now_s() - t;
	report_phase("reference", "done", j->sum.reference_s);
}

/* Every case passed and the timed one was measured: the reference's turn;
 * else its run beside the build is ended. */
static void linked_after_run(struct judgement *j, struct case_set *set)
{
	if (j->sum.verdict != V_AC || !j->sum.timing.have || j->o->prebuilt)
		finish_reference(j, 0);
	else
		time_reference(j, set);
}

const struct backend backend_linked = {
        BACKEND_ON_THE_GPU(0),
        .build = build_linked,
        .command = linked_command,
        .after_run = linked_after_run,
        .starts_early = linked_starts_early,
        .beside_build = start_reference,
};
