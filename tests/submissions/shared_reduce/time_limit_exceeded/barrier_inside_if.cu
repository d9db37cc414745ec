// expect-gpu: SKIP
/* Mistake: the barrier inside `if (t < s)`: the threads that sit a round out
 * never arrive. The emulator reports the deadlock with the barrier's line; on
 * a GPU a barrier in divergent code is undefined behaviour, so that run does
 * not count. */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ unsigned part[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	part[t] = i < n ? (unsigned)x[i] : 0u;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (t < s) {
			part[t] += part[t + s];
			__syncthreads();
		}
	}
	if (t == 0)
		sums[blockIdx.x] = (int)part[0];
}
