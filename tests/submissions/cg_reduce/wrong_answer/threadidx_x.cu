// WA: numbers warps with threadIdx.x and blockDim.x; right for 1-D blocks, 0 for a 16x16 block.
// expect-emu: RACE
// expect-sanitize: RACE
// In 2-D blocks several threads store to the same shared slot at once; the emulator reports
// that race before the wrong sums are even compared, and so does racecheck under --tool all
// (a write-after-write hazard at the slot's line, seen on an H200).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

__device__ float cg_block_sum(cg::thread_block block, float v)
{
	__shared__ float slot[32];
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
	int lane = threadIdx.x % 32;
	int warp = threadIdx.x / 32;
	int warps = blockDim.x / 32; /* 0 when blockDim.x is 16: no slot is read at all */

	v = cg::reduce(tile, v, cg::plus<float>());
	if (lane == 0)
		slot[warp] = v;
	block.sync();
	float all = lane < warps ? slot[lane] : 0.0f;
	all = cg::reduce(tile, all, cg::plus<float>());
	block.sync();
	return all;
}
