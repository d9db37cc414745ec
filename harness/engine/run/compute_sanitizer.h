/* compute-sanitizer, the tool of the sanitize backend (backends/sanitizer.c):
 * where it is, what it can do, and the command line that runs a test program
 * under one of its tools. What it reports is read by verdict/sanitize.h. */
#ifndef HARNESS_ENGINE_RUN_COMPUTE_SANITIZER_H
#define HARNESS_ENGINE_RUN_COMPUTE_SANITIZER_H

#include <stdbool.h>

enum sanitize_tool { SAN_MEMCHECK, SAN_RACECHECK, SAN_SYNCCHECK, SAN_INITCHECK, SAN_TOOLS };

/* "memcheck", ...; NULL when out of range. */
const char *sanitize_tool_name(enum sanitize_tool t);

/* A bit (1 << tool) per tool named: "memcheck", ..., or "all" for every
 * tool; 0 when the name is unknown. */
unsigned sanitize_parse_tools(const char *name);

/* compute-sanitizer: $COMPUTE_SANITIZER, next to nvcc (and in the toolkit's
 * compute-sanitizer/ folder), $CUDA_PATH/bin, $CUDA_HOME/bin, PATH,
 * /usr/local/cuda/bin. Malloc'd path or NULL. */
char *find_sanitizer(const char *nvcc);

/* Whether `sanitizer --help` mentions option (e.g. one that only newer
 * versions have). */
bool sanitizer_has_option(const char *sanitizer, const char *option);

/* The command line that runs prog_argv under tool t, writing its report to
 * log_path. A malloc'd, NULL-terminated array of pointers into static
 * strings, log_path and prog_argv (free() the array only). */
char **sanitize_argv(const char *sanitizer, enum sanitize_tool t, const char *log_path,
                     char *const prog_argv[]);

#endif
