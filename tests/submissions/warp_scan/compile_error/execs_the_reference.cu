// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: from a static initialiser, replaces the test program with the
// reference solution's cached binary (build/cache/reference/warp_scan-sm*),
// with the same arguments, so that the reference writes right answers into
// the case file. Where no cached binary exists (before the first timed run,
// or on the emulator) it execs /bin/true, which ends without running a case.
// Stopped by: the supervisor checks while the program runs that it still runs
// the binary the engine built, and kills it otherwise: RE ("replaced itself
// with another program"); /bin/true, which may end before that check, leaves
// every case pending: RE as well. Under compute-sanitizer the tool starts the
// program itself, so this check does not apply there (then: sanitize
// a known gap of that backend).
#include <glob.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int swap_program(void)
{
	static char cmdline[4096];
	static char *args[64];
	FILE *f = fopen("/proc/self/cmdline", "r");
	size_t n = f ? fread(cmdline, 1, sizeof cmdline - 1, f) : 0;
	if (f)
		fclose(f);
	int argc = 0;
	for (size_t i = 0; i < n && argc < 63; i += strlen(cmdline + i) + 1)
		args[argc++] = cmdline + i;
	args[argc] = NULL;
	/* The test program runs in build/work/<id>-<pid>/. */
	static const char *const patterns[] = {"../../cache/reference/warp_scan-sm*",
	                                       "build/cache/reference/warp_scan-sm*"};
	for (int p = 0; p < 2; ++p) {
		glob_t g;
		if (glob(patterns[p], 0, NULL, &g) == 0 && g.gl_pathc > 0) {
			args[0] = g.gl_pathv[0];
			execv(g.gl_pathv[0], args);
		}
	}
	char *none[] = {(char *)"/bin/true", NULL};
	execv("/bin/true", none);
	return 0;
}
static int swapped = swap_program();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
