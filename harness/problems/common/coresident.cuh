/*
 * Device helpers for the exercises whose blocks wait for each other
 * (message_passing, atomic_ref_flag): included by their launch glue.
 *
 * The glue sizes the grid with the occupancy API so that every block is
 * resident at once (a block that polls for another block's flag would
 * otherwise wait for a block that never starts). Every block then records
 * the SM it runs on (%smid) and waits for all others to do so; a block's rank
 * in (SM, blockIdx) order decides its role: ranks below G/2 send, rank r +
 * G/2 receives what rank r sends. Two blocks of one pair share an SM only if
 * that SM holds more than half of the grid, so senders and receivers talk
 * across SMs, through L2, where a missing fence shows.
 */
#ifndef HARNESS_PROBLEMS_CORESIDENT_CUH
#define HARNESS_PROBLEMS_CORESIDENT_CUH

#define CJ_MAX_RESIDENT_BLOCKS 4096

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#include <cuda/atomic>

__device__ int cj_block_sm[CJ_MAX_RESIDENT_BLOCKS];
__device__ int cj_block_rank[CJ_MAX_RESIDENT_BLOCKS];
__device__ unsigned long long cj_blocks_arrived;

__device__ static int cj_smid()
{
#ifdef CJ_EMU
	/* The emulator's "SMs", numbered down: the receiving blocks get the low
	 * block numbers, and the emulator runs a round of threads in block order,
	 * so a receiver that does not wait reads before the sender writes. */
	return (int)(gridDim.x - 1 - blockIdx.x);
#else
	unsigned id;
	asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
	return (int)id;
#endif
}

/* Every thread of every block calls it once per launch; `target` is the
 * total number of blocks registered so far including this launch's (the
 * counter is never reset). Thread 0 registers the block's SM, waits for every
 * other block of the launch (all are resident), and ranks the block in (SM,
 * blockIdx) order; the block's threads then read the rank. Returns it. */
__device__ static int cj_rank_by_sm(unsigned long long target)
{
	if (threadIdx.x == 0) {
		cj_block_sm[blockIdx.x] = cj_smid();
		__threadfence();
		atomicAdd(&cj_blocks_arrived, 1ull);
		/* a relaxed load polls cheaply (no atomic unit) and really reads memory */
		cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> arrived(
		        cj_blocks_arrived);
		while (arrived.load(cuda::memory_order_relaxed) < target)
			;
		__threadfence();
		int mine = cj_block_sm[blockIdx.x], rank = 0;
		for (int b = 0; b < (int)gridDim.x; ++b) {
			int sm = cj_block_sm[b];
			rank += sm < mine || (sm == mine && b < (int)blockIdx.x);
		}
		cj_block_rank[blockIdx.x] = rank;
	}
	__syncthreads();
	return cj_block_rank[blockIdx.x];
}

#endif

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
/* Host side: blocks registered by all launches so far (the device counter
 * is never reset; launches on one stream run in order), per module: the
 * learner's and the reference's each have their own device counter. */
static unsigned long long cj_registered[2] __attribute__((unused));
#define cj_registered_total cj_registered[cj_current_module()]

/* Host side: how many blocks of `block` threads are resident at once for
 * `kernel`, at most `wanted` (rounded down to even when `pairs`); 0 when
 * none fit. */
template <typename K> static int cj_resident_blocks(K kernel, int block, int wanted, bool pairs)
{
	int dev = 0, sms = 0, per_sm = 0;
	if (cudaGetDevice(&dev) != cudaSuccess ||
	    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev) != cudaSuccess ||
	    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, block, 0) != cudaSuccess)
		return 0;
	long long fit = (long long)sms * per_sm;
	if (fit > CJ_MAX_RESIDENT_BLOCKS)
		fit = CJ_MAX_RESIDENT_BLOCKS;
	long long g = wanted < fit ? wanted : fit;
	return (int)(pairs ? g & ~1ll : g);
}
#endif

#endif
