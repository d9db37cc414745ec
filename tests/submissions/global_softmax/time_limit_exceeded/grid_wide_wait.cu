// TLE: apply waits at a hand-made grid barrier (a counter every block adds to, polled until it
// reaches gridDim.x) before it merges the partials: the blocks of a grid need not all run at once.
// report-says: has repeated the atomic operation at
// On a GPU the small grids fit on the device and pass, but 2000 blocks of 1024 threads do not: the
// blocks that run wait for blocks that cannot start until they finish, for ever. On the emulator
// the blocks of an ordinary launch run one after another, so the first block waits at once.
__device__ unsigned arrived;

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
	if (blockIdx.x == 0 && threadIdx.x == 0)
		arrived = 0; /* kernel 1 ends before kernel 2 starts: a fresh count for apply */
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
	__syncthreads();
	if (threadIdx.x == 0) {
		atomicAdd(&arrived, 1u);
		while (atomicAdd(&arrived, 0u) < gridDim.x)
			; /* every block of the grid, resident or not */
	}
	__syncthreads();
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
