/*
 * Reference for smem_reverse. Block b owns the tile in[base, base + len),
 * len = blockDim.x except in a partial last block. That tile ends up, reversed,
 * at out[n - base - len, n - base): thread t writes its slot of that range from
 * tile[len - 1 - t], so consecutive threads write consecutive addresses.
 */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	const int t = threadIdx.x;
	const long long base = (long long)blockIdx.x * blockDim.x;
	const int len = (int)min((long long)blockDim.x, n - base);
	if (t < len)
		tile[t] = in[base + t];
	__syncthreads(); /* the slot a thread reads was written by another warp */
	if (t < len)
		out[n - base - len + t] = tile[len - 1 - t];
}
