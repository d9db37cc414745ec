/* Also correct: interleaved addressing (slower: divergent warps and bank
 * conflicts), sums kept in unsigned so that overflow wraps. */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ unsigned part[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	part[t] = i < n ? (unsigned)x[i] : 0u;
	__syncthreads();
	for (unsigned s = 1; s < blockDim.x; s *= 2) {
		if (t % (2 * s) == 0)
			part[t] += part[t + s];
		__syncthreads();
	}
	if (t == 0)
		sums[blockIdx.x] = (int)part[0];
}
