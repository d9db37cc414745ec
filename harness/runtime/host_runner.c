/*
 * The host runner: the host-driven exercises' test program (the learner's
 * host code linked with the runtime, run_cases.cu built with -DCJ_HOSTED) is
 * a shared object, and this program runs it. The engine starts it beside the
 * learner's build (run/warm_runner.h), before the shared object exists: it
 * maps the case file, starts the device (the CUDA driver's primary context,
 * which the program's runtime then finds made), waits for the engine's go
 * (wire_go.h), and only then loads the program and calls its entry,
 * cj_hosted_main. Started after the build, it does the same without waiting.
 *
 * It decides nothing and reads nothing of the learner's before the load; the
 * learner's code in the program is as trusted as in a linked test program
 * (docs/trusted-runner.md, host-driven exercises). Usage:
 *   cj-host-runner --program FILE.so --wire FD --expect-cc MAJORMINOR
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire_go.h"

/* The CUDA driver's primary context of device 0, made now; the program's
 * runtime retains it when it starts. Nothing is said when it fails: the
 * program finds the same and says it in its own words (CJ_EXIT_NO_DEVICE). */
static void start_device(void)
{
	void *cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
	if (!cuda)
		return;
	int (*init)(unsigned) = (int (*)(unsigned))dlsym(cuda, "cuInit");
	int (*get)(int *, int) = (int (*)(int *, int))dlsym(cuda, "cuDeviceGet");
	int (*retain)(void **, int) =
	        (int (*)(void **, int))dlsym(cuda, "cuDevicePrimaryCtxRetain");
	int device;
	void *context;
	if (init && get && retain && init(0) == 0 && get(&device, 0) == 0)
		(void)retain(&context, device); /* kept until the process ends */
}

int main(int argc, char **argv)
{
	double started = cj_wire_now_s();
	const char *program = NULL;
	int fd = -1;
	for (int i = 1; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--program"))
			program = argv[i + 1];
		else if (!strcmp(argv[i], "--wire"))
			fd = atoi(argv[i + 1]);
	}
	if (!program || fd < 0) {
		fprintf(stderr, "usage: %s --program FILE.so --wire FD --expect-cc MAJORMINOR\n",
		        argv[0]);
		return CJ_EXIT_BAD_WIRE;
	}
	size_t bytes;
	unsigned char *file = cj_wire_map(fd, &bytes);
	if (!file)
		return CJ_EXIT_BAD_WIRE;
	start_device();
	bool waited;
	if (!cj_wire_wait_go((struct cj_wire_header *)file, bytes, &waited))
		return CJ_EXIT_BAD_WIRE;
	if (waited) /* started beside the build: its time counts from go */
		started = cj_wire_now_s();
	void *loaded = dlopen(program, RTLD_NOW | RTLD_LOCAL);
	__typeof__(cj_hosted_main) *entry =
	        loaded ? (__typeof__(cj_hosted_main) *)dlsym(loaded, "cj_hosted_main") : NULL;
	if (!entry) {
		const char *why = dlerror();
		fprintf(stderr, "%s\n", why ? why : program);
		return CJ_EXIT_NOT_LOADED;
	}
	return entry(argc, argv, file, bytes, (long long)(started * 1e9));
}
