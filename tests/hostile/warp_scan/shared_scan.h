// The header local_header_include.cu and include_by_macro.cu include: a
// correct scan through the shared memory that warp_scan forbids. Not a
// submission itself (tests/hostile/run.py judges .cu files only).
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
