/* The choice of a backend and the limits they share; see backend.h. */
#include "backends/backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problem.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "report/report.h"
#include "util.h"

/* The emulator runs every CUDA thread as a fiber on one core, often on a busy
 * machine, so wall time says little there: an emulated run may use the
 * catalog's wall_s in CPU time, and gets EMU_WALL_SCALE times wall_s on the
 * clock as a backstop. Deadlocks do not wait for either: the emulator's
 * watchdog reports a thread that makes no progress for 3 s. */
#define EMU_WALL_SCALE 3

#define DEFAULT_RSS_MB 4096 /* host memory a test binary may hold, unless limits say */

const struct backend *backend_choose(struct judgement *j)
{
	const struct judge_options *o = j->o;
	const char *want = o->backend ? o->backend : "auto";
	if (strcmp(want, "emu") != 0 && !o->prebuilt) {
		report_phase("device", "start", -1);
		double t = now_s();
		device_query(o->build, false, &j->dev);
		j->sum.device_s = now_s() - t;
		report_phase("device", "done", j->sum.device_s);
	}
	bool can_emulate = (j->entry->backends & BACKEND_EMU) != 0;
	if (!strcmp(want, "emu") ||
	    (!strcmp(want, "auto") && !j->dev.found && can_emulate && !o->prebuilt))
		return &backend_emu;
	const struct backend *b = !strcmp(want, "sanitize") ? &backend_sanitize
	                          : o->prebuilt || problem_is_host_driven(j->entry->id)
	                                  ? &backend_linked
	                                  : &backend_gpu;
	if (j->dev.found) {
		j->sum.backend = b->name;
		j->sum.device = &j->dev;
	}
	return b;
}

bool backend_ends_when_done(const struct judgement *j)
{
	/* On the device, not under a tool. A program with the learner's host
	 * code in it (linked) says so only after its outputs are in place
	 * (run_cases.cu: cj_finish); that code could write the word itself, as
	 * it could the outputs (docs/trusted-runner.md), and would only end its
	 * own run early. */
	return ((j->backend->supports & BACKEND_DEVICE) || j->o->prebuilt) &&
	       j->backend != &backend_sanitize && !backend_emulated(j);
}

bool backend_emulated(const struct judgement *j)
{
	return j->backend == &backend_emu;
}

unsigned long long backend_memory_mb(const struct judgement *j)
{
	struct run_limits lim;
	backend_limits(j, &lim);
	return (unsigned long long)(lim.rss_bytes >> 20);
}

void backend_limits(const struct judgement *j, struct run_limits *lim)
{
	(j->backend->limits ? j->backend->limits : backend_default_limits)(j, lim);
}

void backend_default_limits(const struct judgement *j, struct run_limits *lim)
{
	static const char *dirs[5];
	const struct problem_entry *e = j->entry;
	bool emulated = backend_emulated(j);
	*lim = (struct run_limits){
	        .wall_s = e->limits.wall_s * (emulated ? EMU_WALL_SCALE : 1),
	        .cpu_s = emulated ? e->limits.wall_s : e->limits.cpu_s,
	        .memory_bytes = e->limits.memory_mb << 20,
	        .output_keep = e->limits.output_kb << 10,
	        .output_kill = (uint64_t)64 << 20,
	        .cwd = j->work,
	        .rss_bytes = (e->limits.memory_mb ? e->limits.memory_mb : DEFAULT_RSS_MB) << 20,
	};
	/* Learner code may not fork, exec another program, hold more than the
	 * memory limit of host memory, or write outside its scratch folder (and
	 * /dev, for the GPU driver). Switches for finding out whether a driver
	 * needs what is forbidden. */
	lim->no_fork = !getenv("CUDAJUDGE_ALLOW_FORK");
	lim->same_program = true;
	if (!j->work || getenv("CUDAJUDGE_NO_LANDLOCK"))
		return;
	/* The driver writes to files of its own process under /proc. */
	dirs[0] = "/dev";
	dirs[1] = "/proc/self";
	dirs[2] = j->work;
	dirs[3] = getenv("CUDAJUDGE_LANDLOCK_ALLOW"); /* one more folder, for diagnosis */
	dirs[4] = NULL;
	lim->write_dirs = dirs;
	/* What it may read besides: the system (libraries, the CUDA toolkit and
	 * driver, /proc, /sys) and the build folder (its own program, the
	 * reference's module). Not the repository's references or catalog, not a
	 * roster or a grading folder, not anyone's home. */
	static const char *reads[] = {"/usr",  "/lib", "/lib64", "/lib32", "/etc", "/opt",
	                              "/proc", "/sys", "/run",   NULL,     NULL};
	reads[9] = j->o->build;
	if (!getenv("CUDAJUDGE_READ_ANYWHERE")) /* for diagnosis */
		lim->read_dirs = reads;
}

/* Without nvcc nothing can be built for a GPU. */
bool backend_nvcc_ready(struct judgement *j)
{
	if (j->paths.nvcc || j->o->prebuilt)
		return true;
	j->sum.verdict = V_JE;
	say(&j->said, j->message, sizeof j->message, T_nvcc_missing, NULL);
	return false;
}
