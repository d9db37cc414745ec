// AC: no shuffles: a shared-memory tree over blockDim.x partials, guarded by `t + s < blockDim.x`.
__device__ float tree(float *buf, float v, bool is_max)
{
	unsigned t = threadIdx.x;
	buf[t] = v;
	__syncthreads();
	for (unsigned s = 512; s > 0; s /= 2) {
		if (t < s && t + s < blockDim.x)
			buf[t] = is_max ? fmaxf(buf[t], buf[t + s]) : buf[t] + buf[t + s];
		__syncthreads();
	}
	float r = buf[0];
	__syncthreads(); /* buf[0] read by all before buf is written again */
	return r;
}

__device__ void block_softmax_row(const float *x, float *y, int len)
{
	__shared__ float buf[1024];
	float m = -INFINITY;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		m = fmaxf(m, x[j]);
	m = tree(buf, m, true);
	float s = 0.0f;
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		s += expf(x[j] - m);
	s = tree(buf, s, false);
	for (int j = threadIdx.x; j < len; j += blockDim.x)
		y[j] = expf(x[j] - m) / s;
}
