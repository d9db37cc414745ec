// expect-emu: WA
/* Mistake: every tile assumed full; in a partial last block the mirrored
 * write lands before the start of out. A GPU sees the write in the guard zone
 * before the buffer (RE); the emulator guards only the end of a buffer, so it
 * sees the wrong elements (WA). */
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
