// RACE (emulator): thread 0 of each block folds the block's partial into one global (m, s) pair
// with plain loads and stores, and apply uses that pair: blocks overwrite each other's updates.
// expect-gpu: WA
// report-says: with nothing ordering them
// On a GPU the blocks of kernel 1 run at the same time and lose each other's updates, and the pair
// is never reset, so from the second case on it holds an older vector's maximum too. The emulator
// sees two blocks update the pair with nothing ordering them.
__device__ float total_m = -INFINITY, total_s = 0.0f;

__device__ float2 block_merge(float m, float s)
{
	__shared__ float slot_m[32], slot_s[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32, nwarps = blockDim.x / 32;
	for (int d = 16; d > 0; d /= 2) {
		float m2 = __shfl_xor_sync(0xffffffff, m, d), s2 = __shfl_xor_sync(0xffffffff, s, d);
		float mm = fmaxf(m, m2);
		s = mm == -INFINITY ? 0.0f : s * expf(m - mm) + s2 * expf(m2 - mm);
		m = mm;
	}
	if (lane == 0) {
		slot_m[warp] = m;
		slot_s[warp] = s;
	}
	__syncthreads();
	m = lane < nwarps ? slot_m[lane] : -INFINITY;
	s = lane < nwarps ? slot_s[lane] : 0.0f;
	for (int d = 16; d > 0; d /= 2) {
		float m2 = __shfl_xor_sync(0xffffffff, m, d), s2 = __shfl_xor_sync(0xffffffff, s, d);
		float mm = fmaxf(m, m2);
		s = mm == -INFINITY ? 0.0f : s * expf(m - mm) + s2 * expf(m2 - mm);
		m = mm;
	}
	__syncthreads();
	return make_float2(m, s);
}

__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	float m = -INFINITY, s = 0.0f;
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x) {
		float mm = fmaxf(m, x[i]);
		s = s * expf(m - mm) + expf(x[i] - mm);
		m = mm;
	}
	float2 r = block_merge(m, s);
	if (threadIdx.x == 0) {
		float mm = fmaxf(total_m, r.x); /* not atomic: other blocks do the same */
		total_s = total_s * expf(total_m - mm) + r.y * expf(r.x - mm);
		total_m = mm;
	}
	return r;
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	for (long long i = begin + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - total_m) / total_s;
}
