// expect-emu: CE|RULE
// expect-gpu: CE|RULE
// Hostile: includes one of the judge's own headers by its angle-bracket name
// (<wire.h>, found through the harness's -I folders), to reach the case
// file's layout and the runtime's declarations.
// Stopped by: rules.c refuses an #include <...> that names a file of the
// judge's own folders (RULE local-include); a clash of declarations with
// the glue is a CE first.

#include <wire.h>

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
