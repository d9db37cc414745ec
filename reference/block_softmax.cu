/*
 * Reference for block_softmax: the threads of the block share a row. Each
 * thread reduces its own elements, warps combine with butterfly shuffles,
 * and one shared slot per warp carries the warps' results across the block;
 * every warp then combines the slots of the warps that exist (the others
 * count as -INFINITY or 0), so every thread ends with the row's max and sum
 * after one barrier per reduction.
 *
 * A row of up to 16 elements per thread is read once and kept in registers
 * (as float4 when the row is 16-byte aligned and len % 4 == 0); longer rows
 * are read three times (max, sum, write), mostly from cache.
 */
#define BSM_VEC 4   /* float4s per thread kept in registers */
#define BSM_SCALAR 16 /* floats per thread kept in registers, unaligned rows */

static __device__ __forceinline__ float warp_all_max(float v)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1)
		v = fmaxf(v, __shfl_xor_sync(0xffffffffu, v, m));
	return v;
}

static __device__ __forceinline__ float warp_all_sum(float v)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, m);
	return v;
}

/* Two slot arrays: a call's sum barrier separates its reads of max_slot from
 * the next call's writes, and the next call's max barrier does the same for
 * sum_slot, so no closing barrier is needed. */
static __device__ float block_all_max(float v)
{
	__shared__ float max_slot[32];
	const int lane = threadIdx.x & 31, nwarps = blockDim.x >> 5;
	v = warp_all_max(v);
	if (lane == 0)
		max_slot[threadIdx.x >> 5] = v;
	__syncthreads();
	return warp_all_max(lane < nwarps ? max_slot[lane] : -INFINITY);
}

static __device__ float block_all_sum(float v)
{
	__shared__ float sum_slot[32];
	const int lane = threadIdx.x & 31, nwarps = blockDim.x >> 5;
	v = warp_all_sum(v);
	if (lane == 0)
		sum_slot[threadIdx.x >> 5] = v;
	__syncthreads();
	return warp_all_sum(lane < nwarps ? sum_slot[lane] : 0.0f);
}

__device__ void block_softmax_row(const float *x, float *y, int len)
{
	const int t = threadIdx.x, nt = blockDim.x;
	const bool aligned = ((reinterpret_cast<size_t>(x) | reinterpret_cast<size_t>(y)) & 15) == 0;

	if (aligned && len % 4 == 0 && len <= 4 * BSM_VEC * nt) {
		const float4 *x4 = reinterpret_cast<const float4 *>(x);
		float4 *y4 = reinterpret_cast<float4 *>(y);
		const int quads = len / 4;
		float4 v[BSM_VEC];
		float m = -INFINITY;
#pragma unroll
		for (int k = 0; k < BSM_VEC; ++k) {
			const int q = t + k * nt;
			v[k] = q < quads ? x4[q] : make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
			m = fmaxf(m, fmaxf(fmaxf(v[k].x, v[k].y), fmaxf(v[k].z, v[k].w)));
		}
		m = block_all_max(m);
		float s = 0.0f;
#pragma unroll
		for (int k = 0; k < BSM_VEC; ++k) {
			v[k].x = expf(v[k].x - m);
			v[k].y = expf(v[k].y - m);
			v[k].z = expf(v[k].z - m);
			v[k].w = expf(v[k].w - m);
			s += (v[k].x + v[k].y) + (v[k].z + v[k].w);
		}
		const float inv = 1.0f / block_all_sum(s);
#pragma unroll
		for (int k = 0; k < BSM_VEC; ++k) {
			const int q = t + k * nt;
			if (q < quads)
				y4[q] = make_float4(v[k].x * inv, v[k].y * inv, v[k].z * inv, v[k].w * inv);
		}
		return;
	}

	if (len <= BSM_SCALAR * nt) {
		float v[BSM_SCALAR];
		float m = -INFINITY;
#pragma unroll
		for (int k = 0; k < BSM_SCALAR; ++k) {
			const int j = t + k * nt;
			v[k] = j < len ? x[j] : -INFINITY;
			m = fmaxf(m, v[k]);
		}
		m = block_all_max(m);
		float s = 0.0f;
#pragma unroll
		for (int k = 0; k < BSM_SCALAR; ++k) {
			v[k] = expf(v[k] - m);
			s += v[k];
		}
		const float inv = 1.0f / block_all_sum(s);
#pragma unroll
		for (int k = 0; k < BSM_SCALAR; ++k) {
			const int j = t + k * nt;
			if (j < len)
				y[j] = v[k] * inv;
		}
		return;
	}

	float m = -INFINITY;
	for (int j = t; j < len; j += nt)
		m = fmaxf(m, x[j]);
	m = block_all_max(m);
	float s = 0.0f;
	for (int j = t; j < len; j += nt)
		s += expf(x[j] - m);
	const float inv = 1.0f / block_all_sum(s);
	for (int j = t; j < len; j += nt)
		y[j] = expf(x[j] - m) * inv;
}
