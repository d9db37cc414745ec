/*
 * The host-code finder of the device-only check (docs/trusted-runner.md):
 * reads nvcc's preprocessed device-side source (the .ii of a module build)
 * through the one lexer for namespace-scope host code in the learner's
 * lines, and for the files it read (its line markers: a build's depfile).
 * Called by device_only.c and build/compiler.c; tests/unit/test_inspect.c
 * tries it alone.
 */
#ifndef HARNESS_ENGINE_INSPECT_HOST_CODE_H
#define HARNESS_ENGINE_INSPECT_HOST_CODE_H

#include <stdbool.h>
#include <stddef.h>

/* What find_host_code() found. */
struct host_code {
	bool found, function, is_asm;
	int line;
	char name[128];
};

/* The files a preprocessed source read, from its line markers: the file it
 * starts from and every file it enters (flag 1), in order, each once,
 * <built-in> and <command-line> left out. read: the .ii could be read. */
struct entered_files {
	bool read;
	char **name;
	size_t n;
};
void entered_files_free(struct entered_files *e);

/* Reads `ii` for namespace-scope host code in the learner's lines
 * (`learner`, a real path, and headers that are neither the system's, the
 * toolkit's nor root/harness/'s): a function definition without
 * __device__/__global__ (and not constexpr), a variable that is not
 * __device__/__constant__/__shared__/__managed__ nor const or constexpr, or
 * asm. Class bodies are not looked into (their host members cannot run
 * without a host object). Returns 1 and fills out when found.
 * The same pass fills `entered` (NULL: not wanted) while it reads; it
 * stops at the host code it finds, so only a source without any has its
 * whole list. */
int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out,
                   struct entered_files *entered);

/* The files `ii` (its text) read, as above, for a build that has no
 * host-code check (a host-driven exercise's). */
void ii_entered_files(const char *ii, struct entered_files *entered);

#endif
