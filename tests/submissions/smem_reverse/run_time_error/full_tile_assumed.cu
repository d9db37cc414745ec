/* Mistake: every tile assumed full; in a partial last block the mirrored
 * write lands before the start of out. */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	int t = threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	if (base + t < n)
		tile[t] = in[base + t];
	__syncthreads();
	if (base + t < n)
		out[n - base - (int)blockDim.x + t] = tile[blockDim.x - 1 - t];
}
