/* Mistake: out indexed with cols as its row length, right only when the
 * matrix is square. */
// expect-emu: RACE (when rows < cols, two blocks write one element of out with nothing
// ordering them; the emulator sees that in the first such case)
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[64][65];
	int x = blockIdx.x * 64 + threadIdx.x, y0 = blockIdx.y * 64 + threadIdx.y;
	for (int k = 0; k < 64; k += 8)
		if (x < cols && y0 + k < rows)
			tile[threadIdx.y + k][threadIdx.x] = in[(long long)(y0 + k) * cols + x];
	__syncthreads();
	int ox = blockIdx.y * 64 + threadIdx.x, oy0 = blockIdx.x * 64 + threadIdx.y;
	for (int k = 0; k < 64; k += 8)
		if (ox < rows && oy0 + k < cols && (long long)(oy0 + k) * cols + ox < (long long)rows * cols)
			out[(long long)(oy0 + k) * cols + ox] = tile[threadIdx.x][threadIdx.y + k];
}
