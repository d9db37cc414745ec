// RACE (emulator): the shuffle itself sits inside `if (lane >= d)`, so the lanes below d never
// reach it although the full mask names them. The fix is to shuffle in every lane and guard only
// the addition: int up = __shfl_up_sync(0xffffffff, v, d); if (lane >= d) v += up;
// expect-gpu: SKIP
// A shuffle whose mask names lanes that do not take part is undefined behaviour, which a GPU may
// hide (the result can even be right); the emulator names the lanes that never arrive.
__device__ int warp_inclusive_scan(int v)
{
	int lane = threadIdx.x % 32;
	for (int d = 1; d < 32; d *= 2)
		if (lane >= d)
			v += __shfl_up_sync(0xffffffff, v, d);
	return v;
}
