// expect-emu: RULE|TLE
// expect-gpu: RULE
// Hostile: a GNU line marker ("# 1 file") names a CUDA header, for the same
// purpose as #line.
// Stopped by: rules.c refuses line markers too (RULE line-directive).
// The emulator's shared-memory scan is slow: on a loaded machine it may run
// past the time limit first (TLE), which is not AC either.

# 1 "/usr/local/cuda/include/sm_30_intrinsics.hpp"
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
