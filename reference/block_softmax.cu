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

/* The maximum (is_max) or the sum of v over the warp, in every lane: a
 * butterfly of shuffles. Inlined where is_max is a constant, so each call is
 * the one operation's five steps. */
static __device__ __forceinline__ float warp_all(float v, bool is_max)
{
#pragma unroll
	for (int m = 16; m > 0; m >>= 1) {
		const float other = __shfl_xor_sync(0xffffffffu, v, m);
		v = is_max ? fmaxf(v, other) : v + other;
	}
	return v;
}

/* The same over the block: one shared slot per warp carries the warps'
 * results. Each operation has its slots: a row's sum barrier separates its
 * reads of the max slots from the next row's writes, and the next row's max
 * barrier does the same for the sum slots, so no closing barrier is needed. */
static __device__ __forceinline__ float block_all(float v, bool is_max)
{
	__shared__ float max_slot[32], sum_slot[32];
	float *const slot = is_max ? max_slot : sum_slot;
	const int lane = threadIdx.x & 31, nwarps = blockDim.x >> 5;
	v = warp_all(v, is_max);
	if (lane == 0)
		slot[threadIdx.x >> 5] = v;
	__syncthreads();
	return warp_all(lane < nwarps ? slot[lane] : is_max ? -INFINITY : 0.0f, is_max);
}

/* One element of a row kept in registers, a float or (16-byte aligned rows)
 * a float4 of four: what lies past the row's end, its largest float, exp(v -
 * m) in place with the sum of what that leaves, and v * inv. */
static __device__ __forceinline__ float past_end(float)
{
	return -INFINITY;
}

static __device__ __forceinline__ float4 past_end(float4)
{
	return make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
}

static __device__ __forceinline__ float largest(float v)
{
	return v;
}

static __device__ __forceinline__ float largest(float4 v)
{
	return fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w));
}

static __device__ __forceinline__ float exp_sum(float &v, float m)
{
	v = expf(v - m);
	return v;
}

static __device__ __forceinline__ float exp_sum(float4 &v, float m)
{
	v.x = expf(v.x - m);
	v.y = expf(v.y - m);
	v.z = expf(v.z - m);
	v.w = expf(v.w - m);
	return (v.x + v.y) + (v.z + v.w);
}

static __device__ __forceinline__ float scaled(float v, float inv)
{
	return v * inv;
}

static __device__ __forceinline__ float4 scaled(float4 v, float inv)
{
	return make_float4(v.x * inv, v.y * inv, v.z * inv, v.w * inv);
}

/* The softmax of a row of count elements (count <= N * blockDim.x), each
 * thread keeping its N in registers: every element read once, written once. */
template <int N, typename T>
static __device__ __forceinline__ void softmax_in_registers(const T *x, T *y, int count)
{
	const int t = threadIdx.x, nt = blockDim.x;
	T v[N];
	float m = -INFINITY;
#pragma unroll
	for (int k = 0; k < N; ++k) {
		const int q = t + k * nt;
		v[k] = q < count ? x[q] : past_end(T());
		m = fmaxf(m, largest(v[k]));
	}
	m = block_all(m, true);
	float s = 0.0f;
#pragma unroll
	for (int k = 0; k < N; ++k)
		s += exp_sum(v[k], m);
	const float inv = 1.0f / block_all(s, false);
#pragma unroll
	for (int k = 0; k < N; ++k) {
		const int q = t + k * nt;
		if (q < count)
			y[q] = scaled(v[k], inv);
	}
}

__device__ void block_softmax_row(const float *x, float *y, int len)
{
	const int t = threadIdx.x, nt = blockDim.x;
	const bool aligned = ((reinterpret_cast<size_t>(x) | reinterpret_cast<size_t>(y)) & 15) == 0;

	if (aligned && len % 4 == 0 && len <= 4 * BSM_VEC * nt) {
		softmax_in_registers<BSM_VEC>(reinterpret_cast<const float4 *>(x),
		                              reinterpret_cast<float4 *>(y), len / 4);
		return;
	}
	if (len <= BSM_SCALAR * nt) {
		softmax_in_registers<BSM_SCALAR>(x, y, len);
		return;
	}

	float m = -INFINITY;
	for (int j = t; j < len; j += nt)
		m = fmaxf(m, x[j]);
	m = block_all(m, true);
	float s = 0.0f;
	for (int j = t; j < len; j += nt)
		s += expf(x[j] - m);
	const float inv = 1.0f / block_all(s, false);
	for (int j = t; j < len; j += nt)
		y[j] = expf(x[j] - m) * inv;
}
