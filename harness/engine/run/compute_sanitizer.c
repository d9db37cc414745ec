/* compute-sanitizer, the tool of the sanitize backend: where it is, what it
 * can do, and the command line that runs a test program under one of its
 * tools; see compute_sanitizer.h. */
#include "run/compute_sanitizer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "run/supervise.h"
#include "util.h"

static const char *const tool_names[SAN_TOOLS] = {"memcheck", "racecheck", "synccheck",
                                                  "initcheck"};

const char *sanitize_tool_name(enum sanitize_tool t)
{
	return (unsigned)t < SAN_TOOLS ? tool_names[t] : NULL;
}

unsigned sanitize_parse_tools(const char *name)
{
	if (!name)
		return 0;
	if (!strcmp(name, "all"))
		return (1u << SAN_TOOLS) - 1;
	for (int t = 0; t < SAN_TOOLS; ++t)
		if (!strcmp(name, tool_names[t]))
			return 1u << t;
	return 0;
}

/* ------------------------------------------------------------------ */
/* Finding the tool and its command line                              */
/* ------------------------------------------------------------------ */

char *find_sanitizer(const char *nvcc)
{
	const char *env = getenv("COMPUTE_SANITIZER");
	char *p = env && *env ? executable_path(xstrdup(env)) : NULL;
	return p ? p : find_cuda_tool(nvcc, "compute-sanitizer");
}

bool sanitizer_has_option(const char *sanitizer, const char *option)
{
	char *argv[] = {(char *)sanitizer, "--help", NULL};
	struct run_limits lim = {.wall_s = 30, .output_keep = 1 << 20, .output_kill = 4 << 20};
	struct run_result r;
	bool found = run_supervised(argv, -1, &lim, &r) == 0 && r.end == RUN_EXITED && r.output &&
	             strstr(r.output, option) != NULL;
	run_result_free(&r);
	return found;
}

char **sanitize_argv(const char *sanitizer, enum sanitize_tool t, const char *log_path,
                     char *const prog_argv[])
{
	/* --strip-paths no: full paths tell the learner's file from the glue.
	 * --check-exit-code no: the engine judges the exit status itself.
	 * --target-processes application-only: a forked child is not followed.
	 * --show-backtrace device: device frames lead back to the learner's
	 * line when the access happened inside code inlined into the glue. */
	static char *const common[] = {"--strip-paths",
	                               "no",
	                               "--check-exit-code",
	                               "no",
	                               "--print-limit",
	                               "32",
	                               "--show-backtrace",
	                               "device",
	                               "--target-processes",
	                               "application-only",
	                               "--demangle",
	                               "simple",
	                               "--launch-timeout",
	                               "60",
	                               NULL};
	static char *const race[] = {"--racecheck-report", "all", NULL};
	static char *const init[] = {"--initcheck-address-space", "all", NULL};
	char *head[] = {"--tool", (char *)tool_names[t], "--log-file", (char *)log_path, NULL};
	/* Shared memory under initcheck came with compute-sanitizer 2025.4; older
	 * versions refuse the option and check nothing. */
	char *const *extra = t == SAN_RACECHECK ? race : NULL;
	if (t == SAN_INITCHECK && sanitizer_has_option(sanitizer, init[0]))
		extra = init;
	char *const none[] = {NULL};
	char *const *const groups[] = {head, common, extra ? extra : none, NULL};
	return tool_argv(sanitizer, groups, prog_argv);
}

/* ------------------------------------------------------------------ */
/* Parsing the report                                                  */
/* ------------------------------------------------------------------ */
