// RACE (emulator): lane 0 of every warp folds its warp's partial into one shared (m, s) pair with
// plain loads and stores, so warps that finish together lose each other's updates.
// expect-gpu: SKIP
// report-says: __shared__ variable `block_
// On a GPU the result depends on how the warps of a block interleave (it is often right with few
// warps); the emulator sees two warps update the pair with nothing ordering them, every time.
__device__ float2 block_merge(float m, float s)
{
	__shared__ float block_m, block_s;
	int lane = threadIdx.x % 32;
	for (int d = 16; d > 0; d /= 2) {
		float m2 = __shfl_xor_sync(0xffffffff, m, d), s2 = __shfl_xor_sync(0xffffffff, s, d);
		float mm = fmaxf(m, m2);
		s = mm == -INFINITY ? 0.0f : s * expf(m - mm) + s2 * expf(m2 - mm);
		m = mm;
	}
	if (threadIdx.x == 0) {
		block_m = -INFINITY;
		block_s = 0.0f;
	}
	__syncthreads();
	if (lane == 0) { /* not atomic: lane 0 of every warp updates the same pair */
		float mm = fmaxf(block_m, m);
		block_s = mm == -INFINITY ? 0.0f : block_s * expf(block_m - mm) + s * expf(m - mm);
		block_m = mm;
	}
	__syncthreads();
	float2 r = make_float2(block_m, block_s);
	__syncthreads();
	return r;
}

__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	float m = -INFINITY, s = 0.0f;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x) {
		float mm = fmaxf(m, x[i]);
		s = s * expf(m - mm) + expf(x[i] - mm);
		m = mm;
	}
	return block_merge(m, s);
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	float m = -INFINITY, s = 0.0f;
	for (int k = threadIdx.x; k < nparts; k += blockDim.x) {
		float mm = fmaxf(m, parts[k].x);
		s = mm == -INFINITY ? 0.0f : s * expf(m - mm) + parts[k].y * expf(parts[k].x - mm);
		m = mm;
	}
	float2 all = block_merge(m, s);
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - all.x) / all.y;
}
