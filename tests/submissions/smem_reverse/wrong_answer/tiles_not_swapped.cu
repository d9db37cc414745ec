/* Mistake: each tile is reversed where it stands; the tiles do not move. */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	int t = threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	int len = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
	if (t < len)
		tile[t] = in[base + t];
	__syncthreads();
	if (t < len)
		out[base + t] = tile[len - 1 - t];
}
