/*
 * The object check of the host-code exercises (stream_overlap,
 * event_dependency; docs/trusted-runner.md, "The host-code exercises"). The
 * learner's file is compiled alone (nvcc -c -ffunction-sections) and its ELF
 * object is read here: the symbol table and relocations are the truth about
 * what the file's host code can make run, whatever the source text looks
 * like. Used by build/host_object.c before the test binary is linked.
 */
#ifndef HARNESS_ENGINE_HOSTOBJ_H
#define HARNESS_ENGINE_HOSTOBJ_H

#include <stdbool.h>

/* Changes whenever what the check refuses changes: build/host_object.c caches passes. */
#define HOSTOBJ_VERSION 1

/* What the object holds that the judge refuses. */
enum hostobj_finding {
	HOSTOBJ_OK = 0,
	HOSTOBJ_UNREADABLE, /* not an ELF64 relocatable object: the engine's fault */
	HOSTOBJ_STARTUP,    /* an .init_array entry that is not nvcc's registration */
	HOSTOBJ_EXIT_TABLE, /* .fini_array, .preinit_array, .ctors or .dtors content */
	HOSTOBJ_CALL,       /* an undefined symbol outside the allowlist */
	HOSTOBJ_DEFINITION, /* a global definition of a name that is not the learner's */
};

struct hostobj_result {
	enum hostobj_finding finding;
	char name[160]; /* the symbol or function concerned (mangled) */
	char word[96];  /* the identifier to look for in the source, when there is one */
};

/* Reads the object at `path`; fills `out`, returns true when nothing is refused. */
bool hostobj_check(const char *path, struct hostobj_result *out);

/* The first line (1-based) of the file `source` where the identifier `word`
 * is code (comments and literals aside, directives included), or 0. */
int hostobj_line_of(const char *source, const char *word);

#endif
