/*
 * The host-code finder of the device-only check (docs/trusted-runner.md):
 * reads nvcc's preprocessed device-side source (the .ii of a module build)
 * through the one lexer for namespace-scope host code in the learner's
 * lines. Called by device_only.c; tests/unit/test_inspect.c tries it alone.
 */
#ifndef HARNESS_ENGINE_INSPECT_HOST_CODE_H
#define HARNESS_ENGINE_INSPECT_HOST_CODE_H

#include <stdbool.h>

/* What find_host_code() found. */
struct host_code {
	bool found, function, is_asm;
	int line;
	char name[128];
};

/* Reads `ii` for namespace-scope host code in the learner's lines
 * (`learner`, a real path, and headers that are neither the system's, the
 * toolkit's nor root/harness/'s): a function definition without
 * __device__/__global__ (and not constexpr), a variable that is not
 * __device__/__constant__/__shared__/__managed__ nor const or constexpr, or
 * asm. Class bodies are not looked into (their host members cannot run
 * without a host object). Returns 1 and fills out when found. */
int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out);

#endif
