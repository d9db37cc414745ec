// WA: takes slot 31 as the block total after scanning all 32 slots, most of them never written.
// Every backend makes the unwritten slots read as something no sum produces: the GPU judge fills
// shared memory with junk before the first call, the emulator with its poison word. With fewer
// than 32 warps the totals (and every later tile) are wrong in every run, and the diagnosis
// names the slots nobody wrote.
__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int slot[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffff, v, d);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		slot[warp] = v;
	__syncthreads();
	if (warp == 0) {
		int s = slot[lane]; /* wrong for lanes >= blockDim.x / 32 */
		for (int d = 1; d < 32; d *= 2) {
			int up = __shfl_up_sync(0xffffffff, s, d);
			if (lane >= d)
				s += up;
		}
		slot[lane] = s;
	}
	__syncthreads();
	if (warp > 0)
		v += slot[warp - 1];
	*block_total = slot[31]; /* the sum of all 32 slots, junk included */
	__syncthreads();
	return v;
}
