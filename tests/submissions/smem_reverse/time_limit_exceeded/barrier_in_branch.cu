// expect-gpu: SKIP
/* Mistake: the barrier inside `if (t < len)`: in a partial last block the
 * threads past the end never reach it. The emulator reports the deadlock;
 * what a GPU does with it is undefined, so the GPU run does not count. */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	int t = threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	int len = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
	if (t < len) {
		tile[t] = in[base + t];
		__syncthreads();
		out[n - base - len + t] = tile[len - 1 - t];
	}
}
