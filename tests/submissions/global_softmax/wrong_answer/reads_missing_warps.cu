// WA: the merge across warps reads all 32 slots, also those of warps the block does not have: the
// judge's junk in shared memory (a huge float) then wins the maximum.
// On the emulator shared memory nothing wrote reads as a marked NaN, which the report names.
__device__ float2 block_merge(float m, float s)
{
	__shared__ float slot_m[32], slot_s[32];
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
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
	m = slot_m[lane]; /* should be -INFINITY for lane >= blockDim.x / 32 */
	s = slot_s[lane];
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
