/*
 * Launch glue for warp_reduce. Each warp reduces `chunks` runs of 32
 * consecutive elements (chunks = 1 in most cases, 4 in one, 8 in the timed
 * case). Lane l of global warp w takes element (w * chunks + k) * 32 + l of
 * run w * chunks + k, and lane 0 stores what warp_reduce_sum returned. The
 * timed case's kernel loads all 8 runs before the first call, so that enough
 * loads are in flight to keep memory busy, and calls warp_reduce_sum for
 * every run before storing any sum, so that the calls overlap.
 * Lanes past n still call warp_reduce_sum (with 0), as the contract requires
 * all 32 lanes; a run that starts past n is not reduced, but in the timed
 * case's last warp, where it is reduced over 0s and not stored.
 * The loads and the launch's size: common/warp_runs.cuh.
 * The meaning of param[] and of the buffers: layout.h.
 */
#include "warp_reduce/layout.h"
#include "common/warp_runs.cuh"

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* C runs from run0 on, CALLS calls a run: every lane's elements loaded, then
 * every run reduced before any sum is stored, so that the C reductions are
 * independent of each other and can overlap. C and CALLS are known when
 * compiled (no early exit between the calls, a fixed stride between the
 * stores). A run past n (only in the last warp) is reduced over the padding
 * 0s and not stored. */
template <int C, int CALLS>
__device__ static inline void cj_reduce_runs(const float *x, float *sums, long long n,
                                             long long run0, int lane)
{
	float v[C], s[C];
	cj_load_runs(v, x, n, run0 * 32 + lane, C, 0.0f);
#pragma unroll
	for (int call = 0; call < CALLS; ++call) {
#pragma unroll
		for (int k = 0; k < C; ++k)
			s[k] = warp_reduce_sum(call ? v[k] * v[k] : v[k]);
#pragma unroll
		for (int k = 0; k < C; ++k)
			if (lane == 0 && (run0 + k) * 32 < n)
				sums[(run0 + k) * CALLS + call] = s[k];
	}
}

/* Every case: `chunks` runs a warp, one after the other. */
extern "C" __global__ void cj_warp_reduce_kernel(const float *x, float *sums, long long n,
                                                 int calls, int chunks)
{
	long long run0 = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32 * chunks;
	int lane = threadIdx.x % 32;
	for (int k = 0; k < chunks && (run0 + k) * 32 < n; ++k) /* the same for every lane */
		if (calls > 1)
			cj_reduce_runs<1, 2>(x, sums, n, run0 + k, lane);
		else
			cj_reduce_runs<1, 1>(x, sums, n, run0 + k, lane);
}

/* The timed case's shape (CJ_REDUCE_MAX_CHUNKS runs a warp, one call a
 * run), compiled as a kernel of its own so that its loads and calls overlap. */
extern "C" __global__ void cj_warp_reduce_runs(const float *x, float *sums, long long n)
{
	long long run0 =
	        ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32 * CJ_REDUCE_MAX_CHUNKS;
	if (run0 * 32 < n) /* the same for every lane of the warp */
		cj_reduce_runs<CJ_REDUCE_MAX_CHUNKS, 1>(x, sums, n, run0, threadIdx.x % 32);
}
#endif

CJ_DECLARE_KERNEL(cj_warp_reduce_kernel, "cj_warp_reduce_kernel",
                  (const float *x, float *sums, long long n, int calls, int chunks));
CJ_DECLARE_KERNEL(cj_warp_reduce_runs, "cj_warp_reduce_runs",
                  (const float *x, float *sums, long long n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	struct cj_runs r = cj_runs_of(c); /* common/warp_runs.cuh */
	const float *x = (const float *)dev[CJ_B_X];
	float *sums = (float *)dev[CJ_B_SUMS];
	int calls = (int)c->param[CJ_P_CALLS];
	if (r.chunks == CJ_REDUCE_MAX_CHUNKS && calls == 1)
		CJ_LAUNCH(cj_warp_reduce_runs, r.blocks, r.block, 0, stream, x, sums, r.n);
	else
		CJ_LAUNCH(cj_warp_reduce_kernel, r.blocks, r.block, 0, stream, x, sums, r.n, calls,
		          r.chunks);
}
#endif
