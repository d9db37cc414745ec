/* ThreadSanitizer's report, from an emulated run's output, said in the
 * learner's words: which variable, which two CUDA threads, which lines. */
#ifndef HARNESS_ENGINE_RACE_REPORT_H
#define HARNESS_ENGINE_RACE_REPORT_H

#include <stddef.h>

/* Writes one paragraph about the first race in `output` into text (paths
 * made relative to root). Returns 0, or -1 when there is no report. */
int describe_race(const char *output, const char *root, char *text, size_t len);

/* Cuts the sanitizer's report off the program's output (in place): the
 * learner sees its own prints, and the race in describe_race's words. */
void strip_race_report(char *output);

#endif
