// expect-emu: RULE|CE
// expect-gpu: RULE|CE
// Hostile: #define of the glue's kernel name before the glue is included,
// so that the glue would launch the learner's kernel instead of its own.
// Stopped by: RULE judge-names (a cj_ name).

#define cj_warp_scan_kernel my_kernel

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
