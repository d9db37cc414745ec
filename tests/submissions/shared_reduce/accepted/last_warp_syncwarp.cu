// AC: the tree in shared memory down to 64 elements, then the last warp without block barriers
// but with __syncwarp() between its steps, as the CUDA programming guide rewrites the old
// warp-synchronous reduction; the dynamic array declared `extern __shared__`.
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ int buf[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	buf[t] = i < n ? x[i] : 0;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 32; s >>= 1) {
		if (t < s)
			buf[t] += buf[t + s];
		__syncthreads();
	}
	if (t < 32) {
		int v = buf[t];
		if (blockDim.x >= 64)
			v += buf[t + 32];
		for (int offset = 16; offset > 0; offset >>= 1) {
			buf[t] = v;
			__syncwarp();
			if (t < (unsigned)offset)
				v += buf[t + offset];
			__syncwarp();
		}
		if (t == 0)
			sums[blockIdx.x] = v;
	}
}
