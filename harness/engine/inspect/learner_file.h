/*
 * Whether a path the compiler wrote (a line marker's or a PTX .file's, its
 * escapes decoded by c_string_value) names the learner's file. Used by the
 * rules (rules_ptx.c, rules_source.c) and the host-code finder
 * (host_code.c): the file may have been reached by another spelling of its
 * path (a link, ./, the symbolic link nvcc is given where the learner's
 * folder name cannot pass through its command line), so paths that differ
 * as text are compared by the file they resolve to, once each.
 */
#ifndef HARNESS_ENGINE_INSPECT_LEARNER_FILE_H
#define HARNESS_ENGINE_INSPECT_LEARNER_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

struct learner_file {
	const char *path;    /* as the engine was given it */
	char real[PATH_MAX]; /* where it resolves to; "" when it does not */
	/* the answers so far, by path (open addressing) */
	struct learner_answer {
		char *path;
		bool same;
	} * seen;
	size_t nseen, cap;
};

void learner_file_init(struct learner_file *f, const char *path);
void learner_file_free(struct learner_file *f);
/* True when name (a NUL-terminated, decoded path) is the learner's file. */
bool learner_file_is(struct learner_file *f, const char *name);

#endif
