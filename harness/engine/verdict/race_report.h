/* ThreadSanitizer's report, from an emulated run's output, said in the
 * learner's words: which variable, which two CUDA threads, which lines. */
#ifndef HARNESS_ENGINE_VERDICT_RACE_REPORT_H
#define HARNESS_ENGINE_VERDICT_RACE_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "report/texts.h"

/* Where the judged code lives, and what this exercise says orders threads. */
struct race_context {
	const char *root;    /* other paths are shown relative to it */
	const char *learner; /* the judged file's real path, as it was compiled */
	const char *shown;   /* how the judged file is named to the learner */
	/* The exercise's own advice for a race (an exercise that forbids
	 * __syncthreads(), whose copies complete through a barrier, or whose
	 * blocks hand data over at a grid.sync()), or NULL for the usual one. */
	const char *advice;
};

/* Writes one paragraph about the first race in `output` into out (and its
 * text code and fields into `said`, unless NULL): the
 * learner's lines under ctx->shown, wherever the file lives, the judge's own
 * variables and kernels in words rather than by their internal names.
 * Returns 0; 1 when an access was found in neither the learner's nor the
 * exercise's code (its frames named no such file:line; symbolize.h may find
 * them); -1 when there is no report. */
int describe_race(const char *output, const struct race_context *ctx, struct message *said,
                  char *out, size_t len);

/* One frame line of a ThreadSanitizer report,
 *   "    #3 func(args) /path/file.cu:21 (test+0x11f3c)"
 * (newer runtimes, such as GCC 13's on Ubuntu 24.04, end it with
 * " (BuildId: hex)"): its location, the last word before the module's " (",
 * and the module part inside those parentheses ("test+0x11f3c"; length 0
 * when the line has none). Also read by symbolize.c. */
struct tsan_frame {
	const char *where;
	size_t where_len;
	const char *module;
	size_t module_len;
};

/* Splits the frame line at `line` (up to its newline): false when it is not
 * one ("#N " after spaces). */
bool tsan_frame(const char *line, struct tsan_frame *f);

/* Cuts the sanitizer's report off the program's output (in place): the
 * learner sees its own prints, and the race in describe_race's words. */
void strip_race_report(char *output);

#endif
