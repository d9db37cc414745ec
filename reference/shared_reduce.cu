/*
 * Reference for shared_reduce: a tree with sequential addressing. In the
 * round with stride s, threads t < s add slot t + s into slot t; the active
 * threads are the low ones, so whole warps retire together, and consecutive
 * threads touch consecutive slots (no bank conflicts). Every thread reaches
 * every barrier, including the threads past the end of x. Once the slots
 * left fit in one warp (s <= 32), the rounds are that warp's alone: a
 * __syncwarp() orders them instead of a barrier of the whole block.
 */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ int buf[];
	const unsigned t = threadIdx.x;
	const long long i = (long long)blockIdx.x * blockDim.x + t;
	buf[t] = i < n ? x[i] : 0;
	__syncthreads();
	unsigned s = blockDim.x / 2;
	for (; s > 32; s >>= 1) {
		if (t < s)
			buf[t] = (int)((unsigned)buf[t] + (unsigned)buf[t + s]); /* wraps, no UB */
		__syncthreads();
	}
	if (t < 32) { /* the first warp: every lane reaches every __syncwarp() */
		for (; s > 0; s >>= 1) {
			if (t < s)
				buf[t] = (int)((unsigned)buf[t] + (unsigned)buf[t + s]);
			__syncwarp();
		}
		if (t == 0)
			sums[blockIdx.x] = buf[0];
	}
}
