// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: #ifndef __CUDA_ARCH__ gives the device function a host-side body
// (what the emulator compiles, as it runs device code as host code) that
// uses a forbidden primitive, while nvcc's device pass sees shuffles.
// Stopped by: RULE backend-macro (an #if on a macro the file does not
// define), and the text's __shared__ (RULE shared-memory).
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

__device__ int warp_inclusive_scan(int v)
{
#ifndef __CUDA_ARCH__
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
#else
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
#endif
}
