/* Mistake: the store is not bounded, fine for multiples of 64 but out of
 * bounds on the edge tiles of any other shape. */
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
		out[(long long)(oy0 + k) * rows + ox] = tile[threadIdx.x][threadIdx.y + k];
}
