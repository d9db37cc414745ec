// RACE (emulator): lanes that are done leave the loop, and the rest shuffle with a full mask.
// expect-gpu: SKIP
// Lane k stops once the step exceeds k, so later __shfl_up_sync(0xffffffff, ...) calls run in a
// partial warp: undefined behaviour that a GPU may hide. The emulator names the missing lanes.
__device__ int warp_inclusive_scan(int v)
{
	int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2) {
		if (lane < d)
			break; /* "nothing left to add for me" */
		v += __shfl_up_sync(0xffffffff, v, d);
	}
	return v;
}
