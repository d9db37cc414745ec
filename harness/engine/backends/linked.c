/* The linked backend: the host-driven exercises (stream_overlap,
 * event_dependency) on a GPU, whose learner code is host code: a test program
 * linked from it and the runtime, after the object check; the reference's
 * own program of that kind timed by a run of its own. Also the backend of the
 * engine's stand-ins (--prebuilt). See backend.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/backend.h"
#include "build/linked.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "report/report.h"
#include "run/test_run.h"
#include "util.h"

/* without a device, only compiled: its CE is still the verdict */
static void build_linked(struct judgement *j, struct build_result *br)
{
	j->bin = xasprintf("%s/test", j->work);
	build_kept_test_binary(&j->paths, j->entry->id, j->source, judgement_cc(j), j->work, j->bin,
	                       !j->dev.found, br);
}

/* Runs the reference's own program on the timed case alone; its median
 * against the learner's is the summary's ratio. */
static void time_reference(struct judgement *j, struct case_set *ref)
{
	report_phase("reference", "start", -1);
	double t = now_s();
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
			if (rec->reps > 0 && rec->median_ms > 0) {
				j->sum.timing.ref_median_ms = rec->median_ms;
				j->sum.timing.ratio_to_ref =
				        j->sum.timing.median_ms / rec->median_ms;
			}
		}
		run_result_free(&r);
	}
	free(br.log);
	free(bin);
	j->sum.reference_s = now_s() - t;
	report_phase("reference", "done", j->sum.reference_s);
}

/* Every case passed and the timed one was measured: the reference's turn. */
static void linked_after_run(struct judgement *j, struct case_set *set)
{
	if (j->sum.verdict != V_AC || !j->sum.timing.have || j->o->prebuilt)
		return;
	char err[256];
	struct case_set ref = {.fd = -1};
	for (int i = 0; i < set->n; ++i)
		if (set->cases[i].timed && case_set_copy_one(&ref, set, i, err, sizeof err) == 0) {
			time_reference(j, &ref);
			case_set_free(&ref);
			break;
		}
}

const struct backend backend_linked = {
        BACKEND_ON_THE_GPU(0),
        .build = build_linked,
        .after_run = linked_after_run,
};
