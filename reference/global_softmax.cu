/*
 * Reference for global_softmax. A partial is a pair (m, s): the maximum of
 * some elements and the sum of exp(element - m) over them. Two partials merge
 * into (M, s1 * exp(m1 - M) + s2 * exp(m2 - M)) with M = max(m1, m2), so
 * partials can be combined in any order: per thread while streaming its
 * elements (float4 at a time), across a warp with shuffles, across the warps
 * through one shared slot per warp.
 *
 * global_softmax_partial does that over its slice; global_softmax_apply
 * merges the partials of every slice into the whole vector's (M, S) and
 * writes y = exp(x - M) / S, walking its slice from the end: the tail of each
 * slice is what the first kernel read last, so part of it is still in L2.
 */
struct part {
	float m, s;
};

static __device__ __forceinline__ part merge(part a, part b)
{
	const float m = fmaxf(a.m, b.m);
	if (m == -INFINITY)
		return a; /* both empty */
	return {m, a.s * expf(a.m - m) + b.s * expf(b.m - m)};
}

/* Adds four elements to a running partial with one rescale at most. */
static __device__ __forceinline__ part add4(part p, float4 v)
{
	const float m = fmaxf(fmaxf(fmaxf(v.x, v.y), fmaxf(v.z, v.w)), p.m);
	const float s = p.m == -INFINITY ? 0.0f : p.s * expf(p.m - m);
	return {m, s + (expf(v.x - m) + expf(v.y - m)) + (expf(v.z - m) + expf(v.w - m))};
}

static __device__ __forceinline__ part warp_merge(part p)
{
#pragma unroll
	for (int d = 16; d > 0; d >>= 1) {
		part q = {__shfl_xor_sync(0xffffffffu, p.m, d), __shfl_xor_sync(0xffffffffu, p.s, d)};
		p = merge(p, q);
	}
	return p;
}

/* Every thread gets the block's merged partial. Ends with a barrier so that
 * the slots can be used again. */
static __device__ part block_merge(part p)
{
	__shared__ float slot_m[32], slot_s[32];
	const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5, nwarps = blockDim.x >> 5;
	p = warp_merge(p);
	if (lane == 0) {
		slot_m[warp] = p.m;
		slot_s[warp] = p.s;
	}
	__syncthreads();
	part q = {-INFINITY, 0.0f}; /* slots past the last warp are not this block's */
	if (lane < nwarps)
		q = {slot_m[lane], slot_s[lane]};
	q = warp_merge(q);
	__syncthreads();
	return q;
}

/* begin is a multiple of 4 (slices are), so x + begin is 16-byte aligned. */
__device__ float2 global_softmax_partial(const float *x, long long begin, long long end)
{
	const float4 *x4 = reinterpret_cast<const float4 *>(x + begin);
	const long long quads = (end - begin) / 4;
	part p = {-INFINITY, 0.0f};
	long long q = threadIdx.x;
	for (; q + 3 * blockDim.x < quads; q += 4 * blockDim.x) { /* four loads in flight */
		const float4 a = x4[q], b = x4[q + blockDim.x];
		const float4 c = x4[q + 2 * blockDim.x], d = x4[q + 3 * blockDim.x];
		p = add4(add4(add4(add4(p, a), b), c), d);
	}
	for (; q < quads; q += blockDim.x)
		p = add4(p, x4[q]);
	for (long long i = begin + 4 * quads + threadIdx.x; i < end; i += blockDim.x)
		p = merge(p, {x[i], 1.0f});
	p = block_merge(p);
	return make_float2(p.m, p.s);
}

__device__ void global_softmax_apply(const float *x, float *y, long long begin, long long end,
                                     const float2 *parts, int nparts)
{
	part p = {-INFINITY, 0.0f};
	for (int k = threadIdx.x; k < nparts; k += blockDim.x)
		p = merge(p, {parts[k].x, parts[k].y});
	p = block_merge(p);
	const float m = p.m, inv = 1.0f / p.s;

	const float4 *x4 = reinterpret_cast<const float4 *>(x + begin);
	float4 *y4 = reinterpret_cast<float4 *>(y + begin);
	const long long quads = (end - begin) / 4;
	for (long long i = begin + 4 * quads + threadIdx.x; i < end; i += blockDim.x)
		y[i] = expf(x[i] - m) * inv;
	for (long long q = quads - 1 - threadIdx.x; q >= 0; q -= blockDim.x) {
		const float4 v = x4[q];
		y4[q] = make_float4(expf(v.x - m) * inv, expf(v.y - m) * inv, expf(v.z - m) * inv,
		                    expf(v.w - m) * inv);
	}
}
