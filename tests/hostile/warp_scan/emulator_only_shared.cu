// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: uses the forbidden shared memory only where the emulator compiles
// it (#ifdef CJ_EMU, the emulator's own macro), and the shuffles nvcc's PTX
// check sees everywhere else.
// Stopped by: rules.c refuses #if on a macro the file does not define (RULE
// backend-macro), and forbidden primitives named anywhere in the file's text
// count (RULE shared-memory).
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

#ifdef CJ_EMU
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
#else

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
#endif
