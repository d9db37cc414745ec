// AC: one pass keeps a running (max, sum) per lane, rescaling the sum when the max grows; lanes merge pairs.
__device__ void merge(float &m, float &s, float m2, float s2)
{
	float mm = fmaxf(m, m2);
	if (mm == -INFINITY)
		return; /* both empty */
	s = s * expf(m - mm) + s2 * expf(m2 - mm);
	m = mm;
}

__device__ void warp_softmax_row(const float *x, float *y, int len)
{
	int lane = threadIdx.x % 32;
	float m = -INFINITY, s = 0.0f;
	for (int j = lane; j < len; j += 32)
		merge(m, s, x[j], 1.0f);
	for (int d = 16; d > 0; d /= 2) {
		float m2 = __shfl_xor_sync(0xffffffff, m, d);
		float s2 = __shfl_xor_sync(0xffffffff, s, d);
		merge(m, s, m2, s2);
	}
	float inv = 1.0f / s;
	for (int j = lane; j < len; j += 32)
		y[j] = expf(x[j] - m) * inv;
}
