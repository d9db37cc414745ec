// expect-emu: CE|RULE
// expect-gpu: RULE|CE
// Hostile: defines cudaEventElapsedTime itself (symbol interposition in the
// test binary), to report 0.001 ms for any kernel: a faked "gold" time.
// Stopped by: RULE judge-names (a definition of a CUDA runtime function).
// Run-time patching of the function's code (mprotect) is not seen by any
// check of the text: only the trusted runner, which never runs the learner's
// host code, closes it (docs/security.md). On the emulator, whose
// cuda_runtime.h is its own, the definition may clash with it: CE.

extern "C" cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t, cudaEvent_t)
{
	*ms = 0.001f;
	return cudaSuccess;
}

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
