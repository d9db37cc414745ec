// AC: shared tree from stride 512 down; `t + s < blockDim.x` makes any multiple of 32 work.
__device__ float block_reduce_sum(float v)
{
	__shared__ float buf[1024];
	unsigned t = threadIdx.x;

	buf[t] = v;
	__syncthreads();
	for (unsigned s = 512; s > 0; s /= 2) {
		if (t < s && t + s < blockDim.x)
			buf[t] += buf[t + s];
		__syncthreads();
	}
	float total = buf[0];
	__syncthreads(); /* everyone has read buf[0] before a second call refills buf */
	return total;
}
