/* The linked backend: the host-driven exercises (stream_overlap,
 * event_dependency) on a GPU, whose learner code is host code: a test program
 * linked from it and the runtime, after the object check, as a shared object
 * that the host runner (harness/runtime/host_runner.c), started beside the
 * build with the device, loads once it is built; the reference's
 * own program of that kind timed by a run of its own, beside the learner's
 * build when it can be (another engine, `cudajudge judge --reference-time`,
 * which makes the same timed case from the same seed and takes the device
 * lock as any run does), else after the learner's run. Also the backend of
 * the engine's stand-ins (--prebuilt). See backend.h. */
#include <errno.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "backends/backend.h"
#include "build/linked.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "report/report.h"
#include "run/case_thread.h"
#include "run/test_run.h"
#include "util.h"

extern char **environ;

/* How long the end of the build waits for the reference's run beside it
 * before ending it (the learner's run would wait for the device otherwise). */
#define REFERENCE_GRACE_S 0.3

/* The reference's own program on the timed case alone (`ref`): its median, or
 * -1 (j->message says why when it did not build). */
static double reference_median(struct judgement *j, struct case_set *ref)
{
	double median = -1;
	char *bin = NULL;
	struct build_result br;
	build_reference(&j->paths, j->entry->id, j->dev.cc, &bin, &br);
	if (br.status != BUILD_OK) {
		say(&j->said, j->message, sizeof j->message, T_reference_not_built,
		    FIELDS(F_INT("cases", j->nout), F_STR("log", br.log)));
	} else {
		case_set_publish(ref, WARMUP_LAUNCHES, j->entry->perf.reps, 1);
		struct run_result r;
		if (spawn_test(j, bin, ref, &r) == 0 && r.end == RUN_EXITED && r.exit_code == 0) {
			const struct cj_wire_case *rec = case_record(ref, 0);
			if (rec->reps > 0 && rec->median_ms > 0)
				median = rec->median_ms;
		}
		run_result_free(&r);
	}
	free(br.log);
	free(bin);
	return median;
}

/* The timed case of `set` copied into `ref` alone; false when it has none. */
static bool timed_case(struct case_set *set, struct case_set *ref)
{
	char err[256];
	for (int i = 0; i < set->n; ++i)
		if (set->cases[i].timed)
			return case_set_copy_one(ref, set, i, err, sizeof err) == 0;
	return false;
}

int linked_reference_time(struct judgement *j)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL); /* ends with the judgement that asked */
	double t = now_s(), median = -1;
	if (j->backend == &backend_linked && !j->o->prebuilt && j->backend->ready(j) &&
	    j->dev.found && cases_planned_timed(j)) {
		make_work_folder(j);
		cases_make_file(j);
		cases_start(j);
		struct case_set set, ref = {.fd = -1};
		uint64_t inputs;
		if (cases_take(j, &set, &inputs)) {
			if (timed_case(&set, &ref)) {
				j->device_lock = take_device_lock(j->o->build, false);
				median = reference_median(j, &ref);
				if (j->device_lock >= 0)
					close(j->device_lock);
				j->device_lock = -1;
				case_set_free(&ref);
			}
			case_set_free(&set);
		}
	}
	printf("{\"type\":\"reference\",\"median_ms\":%.9g,\"seconds\":%.6f}\n", median,
	       now_s() - t);
	fflush(stdout);
	return median > 0 ? 0 : 2;
}

/* Starts the engine that times the reference (linked_reference_time) on the
 * judgement's seed, when the run will be timed on a device. */
static void start_reference(struct judgement *j)
{
	if (j->o->prebuilt || !j->dev.found || !cases_planned_timed(j))
		return;
	char *ref = xasprintf("%s/reference/%s.cu", j->o->root, j->entry->id);
	char seed[32];
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)j->sum.seed);
	char *argv[] = {"/proc/self/exe",
	                "judge",
	                "--root",
	                (char *)j->o->root,
	                "--build",
	                (char *)j->o->build,
	                "--id",
	                (char *)j->entry->id,
	                "--file",
	                ref,
	                "--seed",
	                seed,
	                "--backend",
	                "gpu",
	                "--lang",
	                lang_current == LANG_ZH ? "zh" : "en",
	                "--reference-time",
	                NULL};
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

/* The end of the build: the reference's median when its run beside the build
 * ended by then (or within the grace, `wait`), else that run ended now. */
static void settle_reference(struct judgement *j, bool wait)
{
	if (j->ref_pid < 0)
		return;
	double until = now_s() + (wait ? REFERENCE_GRACE_S : 0);
	int status;
	pid_t got;
	while ((got = waitpid(j->ref_pid, &status, WNOHANG)) == 0 && now_s() < until)
		usleep(2000);
	if (got == 0) { /* not done: after the learner's run instead */
		kill(j->ref_pid, SIGKILL);
		while (waitpid(j->ref_pid, &status, 0) < 0 && errno == EINTR) {
		}
	} else if (got == j->ref_pid && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		/* its last line (linked_reference_time); phase lines before it */
		FILE *out = fdopen(j->ref_out, "r");
		if (out) {
			char line[512];
			double median;
			while (fgets(line, sizeof line, out))
				if (sscanf(line, "{\"type\":\"reference\",\"median_ms\":%lf",
				           &median) == 1 &&
				    median > 0)
					j->ref_beside_ms = median;
			fclose(out); /* and its descriptor */
			j->ref_out = -1;
		}
	}
	supervise_unspare_child(j->ref_pid);
	if (j->ref_out >= 0)
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
	/* a build kept from before took no time to hide the reference's run */
	settle_reference(j, br->status == BUILD_OK && !br->cached);
}

/* The reference's median against the learner's: the summary's ratio; timed
 * beside the build, or now on the timed case alone. */
static void time_reference(struct judgement *j, struct case_set *ref)
{
	report_phase("reference", "start", -1);
	double t = now_s();
	bool beside = j->ref_beside_ms > 0;
	double median = beside ? j->ref_beside_ms : reference_median(j, ref);
	if (median > 0) {
		j->sum.timing.ref_median_ms = median;
		j->sum.timing.ratio_to_ref = j->sum.timing.median_ms / median;
		j->sum.timing.ref_from = beside ? "beside_build" : "after_run";
	}
	j->sum.reference_s = now_s() - t;
	report_phase("reference", "done", j->sum.reference_s);
}

/* Every case passed and the timed one was measured: the reference's turn. */
static void linked_after_run(struct judgement *j, struct case_set *set)
{
	if (j->sum.verdict != V_AC || !j->sum.timing.have || j->o->prebuilt)
		return;
	struct case_set ref = {.fd = -1};
	if (j->ref_beside_ms > 0) {
		time_reference(j, NULL);
	} else if (timed_case(set, &ref)) {
		time_reference(j, &ref);
		case_set_free(&ref);
	}
}

const struct backend backend_linked = {
        BACKEND_ON_THE_GPU(0),
        .build = build_linked,
        .command = linked_command,
        .after_run = linked_after_run,
        .starts_early = linked_starts_early,
        .beside_build = start_reference,
};
