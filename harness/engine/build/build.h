/* What every build of a judgement shares: where things are, and what a
 * build gives back (a program or a module, or the learner's CE with the
 * compiler's messages rewritten to the learner's file:line). */
#ifndef HARNESS_ENGINE_BUILD_BUILD_H
#define HARNESS_ENGINE_BUILD_BUILD_H

#include <stdbool.h>

struct build_paths {
	const char *root;  /* the repository */
	const char *build; /* the meson build directory */
	const char *nvcc;  /* the CUDA compiler, or NULL */
	const char *cxx;   /* the host C++ compiler (the emulator), or NULL */
};

enum build_status {
	BUILD_OK,
	BUILD_COMPILE_FAILED, /* the learner's CE */
	BUILD_LINK_FAILED,    /* also a CE: e.g. the file defines main() */
	BUILD_TOOL_FAILED,    /* nvcc missing or killed: the judge's problem */
};

struct build_result {
	enum build_status status;
	char *log; /* compiler messages, rewritten; free() it */
	double compile_s, link_s;
	double check_s;      /* the device-only or object check, included in compile_s */
	bool cached;         /* an up-to-date build was reused */
	bool host_code;      /* a CE of the device-only check: host code in a device file */
	bool object_refused; /* a CE of the host-code exercises' object check (hostobj.h) */
};

#endif
