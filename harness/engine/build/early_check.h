/*
 * The device-only check (inspect/device_only.h) of a module build, made
 * beside nvcc instead of after it: nvcc's preprocessor writes the
 * preprocessed source first, then cicc and ptxas compile it for most of the
 * build's time. A thread waits for the preprocessed file to be written whole
 * (inotify: closed after writing), and checks it while the rest of nvcc runs
 * (0.05 to 0.3 s of lexing, the cooperative-groups headers the most, that
 * followed the compile). Called by build/module.c.
 *
 * The check must be of the file nvcc compiled: after nvcc ends, the file's
 * size, time and inode are compared with those the thread read, and the
 * check is made again on any difference, as it is when the thread never saw
 * the file (no inotify, a compile that stopped first).
 */
#ifndef HARNESS_ENGINE_BUILD_EARLY_CHECK_H
#define HARNESS_ENGINE_BUILD_EARLY_CHECK_H

#include <pthread.h>
#include <stdbool.h>
#include <sys/stat.h>

#include "host_code.h"

struct early_check {
	const char *root, *source, *ii; /* borrowed: live until early_check_finish */
	int inotify, wake;              /* -1 when not watching */
	pthread_t thread;
	bool started;
	/* written by the thread, read after it is joined */
	bool done;
	struct stat seen; /* the .ii as the check read it */
	char *refusal;
	struct entered_files entered;
};

/* Starts watching for ii (the preprocessed source, in a folder that exists)
 * before nvcc starts. */
void early_check_start(struct early_check *c, const char *root, const char *source, const char *ii);

/* After nvcc ended: the check's refusal (malloc'd, or NULL when the file
 * passes) and *entered, the thread's when it checked the file nvcc left,
 * else made now. `built`: nvcc made its output (else nothing is checked, and
 * NULL is returned with entered emptied). */
char *early_check_finish(struct early_check *c, bool built, struct entered_files *entered);

#endif
