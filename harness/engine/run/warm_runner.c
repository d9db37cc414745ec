/* The trusted runner started beside the build; see warm_runner.h. */
#include "run/warm_runner.h"

#include <stdio.h>
#include <stdlib.h>

#include "backends/backend.h"
#include "report/report.h"
#include "run/case_thread.h"
#include "run/test_run.h"
#include "util.h"

struct warm_runner {
	struct supervised child;
	int fd; /* the case file it was handed */
	bool started;
};

void warm_runner_start(struct judgement *j)
{
	struct case_set *file = cases_file(j);
	if (!file || !j->backend->starts_early || !j->backend->starts_early(j) ||
	    getenv("CUDAJUDGE_NO_WARM_RUNNER"))
		return;
	struct warm_runner *w = xcalloc(1, sizeof *w);
	w->fd = file->fd;
	case_set_pending(file);
	struct test_argv a;
	char **command = test_command(j, j->bin, file->fd, NULL, &a);
	struct run_limits lim;
	backend_limits(j, &lim);
	struct run_result r;
	w->started = supervise_start(command, file->fd, &lim, &w->child, &r) == 1;
	if (command != a.argv)
		free(command);
	if (!w->started) {
		/* started after the build, as without a warm runner: it says why */
		file->runner_waits = false;
		run_result_free(&r);
		free(w);
		return;
	}
	supervise_spare_child(w->child.pid);
	report_phase("runner", "started", -1);
	j->warm = w;
}

bool warm_runner_waits(const struct judgement *j, const struct case_set *set)
{
	return j->warm && set->fd == j->warm->fd && set->runner_waits;
}

int warm_runner_go(struct judgement *j, struct case_set *set, const struct run_limits *lim,
                   struct run_result *r)
{
	struct warm_runner *w = j->warm;
	j->warm = NULL;
	supervise_unspare_child(w->child.pid);
	case_set_go(set);
	int rc = supervise_finish(&w->child, lim, r);
	/* when it had its device: before the build ended, with no device lock */
	report_phase_at("runner", "ready", ((struct cj_wire_header *)set->base)->ready_s);
	free(w);
	return rc;
}

void warm_runner_stop(struct judgement *j)
{
	struct warm_runner *w = j->warm;
	if (!w)
		return;
	j->warm = NULL;
	supervise_unspare_child(w->child.pid);
	supervise_stop(&w->child);
	free(w);
}
