// report-says: not a power of two
// WA: the tree halves blockDim.x as if a power of two; with 96 or 160 threads a partial is lost.
__device__ float block_reduce_sum(float v)
{
	__shared__ float buf[1024];
	unsigned t = threadIdx.x;

	buf[t] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
		if (t < s)
			buf[t] += buf[t + s];
		__syncthreads();
	}
	float total = buf[0];
	__syncthreads();
	return total;
}
