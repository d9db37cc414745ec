// expect-emu: RULE|CE
// expect-gpu: RULE|CE
// Hostile: #define of a word the glue uses (its parameter "passes"), which
// silently changes the glue's code after the learner's file: every call of
// the scan happens once, whatever the case asks.
// Stopped by: RULE judge-names (a #define of a name the glue's code uses).

#define passes 1

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
