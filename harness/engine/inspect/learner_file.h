/*
 * The learner's path to the compiler and back. To nvcc: a path nvcc takes
 * as it is (learner_file_for_nvcc; build/nvcc.c and rules.c). Back: whether a
 * path the compiler wrote (a line marker's or a PTX .file's, its escapes
 * decoded by c_string_value) names the learner's file (learner_file_is; the
 * rules in rules_ptx.c and rules_source.c, the host-code finder in
 * host_code.c). The file may come back under another spelling of its path (a
 * link, ./, the link learner_file_for_nvcc made), so paths that differ as
 * text are compared by the file they resolve to, once each.
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

/* A path to the file at `path` that nvcc takes as it is, malloc'd. nvcc
 * hands its options and file names to a shell, which reads $, `, " and \ in
 * them (a folder named `x` would run x); a path with one of those (or a
 * control byte, or a leading -) is given as a symbolic link made in workdir
 * to its folder, or to the file itself when its own name has one. */
char *learner_file_for_nvcc(const char *path, const char *workdir);

#endif
