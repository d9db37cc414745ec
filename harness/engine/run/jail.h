/* The jail of a supervised program (run_limits in supervise.h): what the
 * child does between fork and exec. Called by run_supervised only. */
#ifndef HARNESS_ENGINE_RUN_JAIL_H
#define HARNESS_ENGINE_RUN_JAIL_H

#include "run/supervise.h"

/* The device nodes a test program may open for writing (and, in its own
 * mount namespace, the only ones it sees): found in the parent, before the
 * fork. */
#define DEV_MAX 48
struct dev_nodes {
	char name[DEV_MAX][64];
	int n;
};

/* Lists them (before the fork: the child allocates nothing). */
void find_dev_nodes(struct dev_nodes *d);

/* The child's notes on what of the jail the kernel refused start with this,
 * first in its output, where run_supervised takes them out again. */
#define JAIL_NOTE_PREFIX "cudajudge: not confined: "

/* In the child: its process group, rlimits, working directory, the jail of
 * lim, stdin from /dev/null, stdout and stderr to out_w, every other
 * descriptor above 2 closed but keep_fd; then exec of program. An exec
 * failure is written to err_w as an errno. Only async-signal-safe calls
 * (and the engine is single-threaded, so snprintf and opendir are safe). */
_Noreturn void jail_and_exec(const char *program, char *const argv[], int keep_fd, int out_w,
                             int err_w, const struct run_limits *lim, const struct dev_nodes *devs);

#endif
