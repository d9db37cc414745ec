// RULE: a correct scan, but through a __shared__ array instead of shuffles, so it
// breaks both rules of the exercise (shfl.sync required, shared-memory forbidden).
__device__ int warp_inclusive_scan(int v)
{
	__shared__ int slot[1024];
	const int lane = threadIdx.x % 32;
	slot[threadIdx.x] = v;
	__syncwarp(0xffffffffu);
	for (int d = 1; d < 32; d *= 2) {
		const int up = lane >= d ? slot[threadIdx.x - d] : 0;
		__syncwarp(0xffffffffu);
		slot[threadIdx.x] += up;
		__syncwarp(0xffffffffu);
	}
	v = slot[threadIdx.x];
	__syncwarp(0xffffffffu); /* the next call may overwrite the slots */
	return v;
}
