/*
 * What the glue of the exercises whose warps take runs of 32 consecutive
 * elements, `chunks` runs a warp (warp_scan, warp_reduce, warp_allreduce,
 * warp_vote, warp_compact), shares; each glue includes it after its
 * layout.h, whose param[] names CJ_P_N, CJ_P_BLOCK and CJ_P_CHUNKS.
 * - device part (cj_load_runs): each lane loads its element of all its
 *   warp's runs before the first call, so that enough loads are in flight
 *   to keep memory busy.
 * - host part (cj_runs_of): the launch, one warp per `chunks` runs;
 *   CJ_RUNS_LAUNCH(kernel, args...) writes the glue's cj_launch with it.
 * Every name here starts with cj_, which a learner's #define may not use.
 */
#ifndef CJ_COMMON_WARP_RUNS_CUH
#define CJ_COMMON_WARP_RUNS_CUH

#ifndef CJ_RUNNER /* the device part: compiled into the module */
/* The lane's first element: lane l of global warp w starts at element
 * (w * cj_chunks) * 32 + l, the first of run w * cj_chunks. */
__device__ static inline long long cj_first_of_runs(int cj_chunks)
{
	long long cj_warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	return cj_warp * cj_chunks * 32 + threadIdx.x % 32;
}

/* cj_v[k] = cj_x[cj_first + 32 k], the lane's element of the k-th run, or
 * cj_pad past cj_n and for k >= cj_chunks. */
template <typename cj_T, int cj_N>
__device__ static inline void cj_load_runs(cj_T (&cj_v)[cj_N], const cj_T *cj_x, long long cj_n,
                                           long long cj_first, int cj_chunks, cj_T cj_pad)
{
#pragma unroll
	for (int cj_k = 0; cj_k < cj_N; ++cj_k) {
		long long cj_i = cj_first + 32LL * cj_k;
		cj_v[cj_k] = cj_k < cj_chunks && cj_i < cj_n ? cj_x[cj_i] : cj_pad;
	}
}
#endif

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
/* A case's launch: n elements, blocks of `block` threads (a multiple of 32),
 * `chunks` runs a warp, and blocks enough for ceil(n / (32 chunks)) warps. */
struct cj_runs {
	long long n;
	unsigned block, blocks;
	int chunks;
};

static inline struct cj_runs cj_runs_of(const struct cj_wire_case *cj_c)
{
	struct cj_runs cj_r;
	cj_r.n = cj_c->param[CJ_P_N];
	cj_r.block = (unsigned)cj_c->param[CJ_P_BLOCK];
	cj_r.chunks = (int)cj_c->param[CJ_P_CHUNKS];
	long long cj_warps = (cj_r.n + 32LL * cj_r.chunks - 1) / (32LL * cj_r.chunks);
	cj_r.blocks = cj_blocks_for(cj_warps * 32, cj_r.block);
	return cj_r;
}

/* The glue's cj_launch: `kernel` over the case's runs, with the arguments
 * given, which may name the case (c), its device buffers (dev) and the
 * launch (r, a struct cj_runs). */
#define CJ_RUNS_LAUNCH(cj_kernel, ...)                                                             \
	void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)       \
	{                                                                                          \
		struct cj_runs r = cj_runs_of(c);                                                  \
		CJ_LAUNCH(cj_kernel, r.blocks, r.block, 0, stream, __VA_ARGS__);                   \
	}
#else
#define CJ_RUNS_LAUNCH(cj_kernel, ...)
#endif

#endif
