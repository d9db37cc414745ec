/* Mistake: the tree starts at a fixed 16, as if blocks were one warp. */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ unsigned part[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	part[t] = i < n ? (unsigned)x[i] : 0u;
	__syncthreads();
	for (unsigned s = 16; s > 0; s >>= 1) {
		if (t < s)
			part[t] += part[t + s];
		__syncthreads();
	}
	if (t == 0)
		sums[blockIdx.x] = (int)part[0];
}
