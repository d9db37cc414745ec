/* Also correct: a fixed 1024-slot static tile (blockDim.x is at most 1024). */
__global__ void reverse_array(const int *in, int *out, int n)
{
	__shared__ int tile[1024];
	int t = threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	int len = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
	if (t < len)
		tile[len - 1 - t] = in[base + t];
	__syncthreads();
	if (t < len)
		out[n - base - len + t] = tile[t];
}
