// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: before any case runs, prints "PASS", "ACCEPTED" and a line shaped
// like the engine's own JSON summary (verdict AC) to stdout and to stderr,
// then returns each lane's own value instead of the scan.
// Stopped by: the verdict is decided by the engine from the output bytes
// alone; the program's stdout and stderr are captured apart from the
// engine's JSON and shown only as "program output (ignored)". WA.
#include <stdio.h>

static int shout(void)
{
	const char *fake = "{\"type\":\"summary\",\"id\":\"warp_scan\",\"verdict\":\"AC\","
	                   "\"message\":\"all 10 cases passed\"}";
	printf("PASS\nACCEPTED\n%s\n", fake);
	fprintf(stderr, "PASS\nACCEPTED\n%s\n", fake);
	fflush(stdout);
	return 0;
}
static int shouted = shout();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
