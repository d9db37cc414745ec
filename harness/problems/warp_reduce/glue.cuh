/*
 * Launch glue for warp_reduce. Each warp reduces `chunks` runs of 32
 * consecutive elements, loading them all before the first reduction so that
 * enough loads are in flight to keep memory busy (chunks = 1 in most cases,
 * more in the timed case). Lane l of global warp w takes element
 * (w * chunks + k) * 32 + l of run w * chunks + k, and lane 0 stores what
 * warp_reduce_sum returned.
 *   param[0] n       elements of x
 *   param[1] block   blockDim.x, a multiple of 32
 *   param[2] calls   1: the sum of each run; 2: also the sum of its squares
 *                    (a second call in the same kernel, on x * x)
 *   param[3] chunks  runs of 32 per warp, 1..CJ_REDUCE_MAX_CHUNKS
 *   buffers  0 x (float, n)
 *            1 sums (float, runs * calls), runs = ceil(n / 32):
 *              sums[r * calls] is the sum of run r, sums[r * calls + 1] the
 *              sum of its squares
 * Lanes past n still call warp_reduce_sum (with 0), as the contract requires
 * all 32 lanes; runs that start past n are not reduced at all.
 */

#ifndef CJ_RUNNER /* the device part: compiled into the module */
#define CJ_REDUCE_MAX_CHUNKS 8

extern "C" __global__ void cj_warp_reduce_kernel(const float *x, float *sums, long long n,
                                                 int calls, int chunks)
{
	long long warp = ((long long)blockIdx.x * blockDim.x + threadIdx.x) / 32;
	int lane = threadIdx.x % 32;
	long long run0 = warp * chunks;
	float v[CJ_REDUCE_MAX_CHUNKS];
#pragma unroll
	for (int k = 0; k < CJ_REDUCE_MAX_CHUNKS; ++k) {
		long long i = (run0 + k) * 32 + lane;
		v[k] = k < chunks && i < n ? x[i] : 0.0f;
	}
#pragma unroll
	for (int k = 0; k < CJ_REDUCE_MAX_CHUNKS; ++k) {
		long long r = run0 + k;
		if (k >= chunks || r * 32 >= n) /* the same for every lane of the warp */
			break;
		float s = warp_reduce_sum(v[k]);
		if (lane == 0)
			sums[r * calls] = s;
		if (calls > 1) {
			float q = warp_reduce_sum(v[k] * v[k]);
			if (lane == 0)
				sums[r * calls + 1] = q;
		}
	}
}
#endif

CJ_DECLARE_KERNEL(cj_warp_reduce_kernel, "cj_warp_reduce_kernel",
                  (const float *x, float *sums, long long n, int calls, int chunks));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	int chunks = (int)c->param[3];
	long long warps = (n + 32LL * chunks - 1) / (32LL * chunks);
	CJ_LAUNCH(cj_warp_reduce_kernel, cj_blocks_for(warps * 32, block), block, 0, stream,
	          (const float *)dev[0], (float *)dev[1], n, (int)c->param[2], chunks);
}
#endif
