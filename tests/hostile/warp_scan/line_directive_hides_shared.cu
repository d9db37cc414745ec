// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: a #line directive names the glue's file, so that the rule check
// (which attributes code by its line info) would take the learner's
// forbidden shared memory for the judge's own.
// Stopped by: rules.c refuses #line in the learner's file (RULE
// line-directive); shared memory is also named in the file's text.
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

#line 1 "warp_scan.cuh"
__device__ int warp_inclusive_scan(int v)
{
	__shared__ int t[1024];
	const int lane = threadIdx.x & 31, base = threadIdx.x & ~31;
	for (int d = 1; d < 32; d *= 2) {
		t[threadIdx.x] = v;
		__syncwarp();
		if (lane >= d)
			v += t[base + lane - d];
		__syncwarp();
	}
	return v;
}
