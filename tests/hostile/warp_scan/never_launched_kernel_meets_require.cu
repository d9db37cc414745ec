// expect-emu: RULE
// expect-gpu: RULE
// Hostile: the exercise requires shfl.sync. The scan uses none (the lanes
// trade values through a global array instead), and a kernel that nothing
// ever launches holds a shuffle, to meet the requirement.
// Stopped by: rules.c counts a requirement only in code that the kernels
// the glue launches reach (the PTX call graph): RULE shfl.sync.

__device__ int scratch_lanes[1 << 20];

__device__ int warp_inclusive_scan(int v)
{
	const unsigned id = (blockIdx.x * blockDim.x + threadIdx.x) % (1u << 20);
	const int lane = threadIdx.x & 31;
	for (int d = 1; d < 32; d *= 2) {
		__syncwarp();
		scratch_lanes[id] = v;
		__syncwarp();
		if (lane >= d)
			v += scratch_lanes[id - d];
	}
	__syncwarp();
	return v;
}

__global__ void never_launched(int *p)
{
	p[threadIdx.x] = __shfl_up_sync(0xffffffffu, p[threadIdx.x], 1);
}
