/* Mistake: the store is not bounded, fine for multiples of 32 but out of
 * bounds on the edge tiles of any other shape. */
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[32][33];
	int x = blockIdx.x * 32 + threadIdx.x, y0 = blockIdx.y * 32 + threadIdx.y;
	for (int k = 0; k < 32; k += 8)
		if (x < cols && y0 + k < rows)
			tile[threadIdx.y + k][threadIdx.x] = in[(long long)(y0 + k) * cols + x];
	__syncthreads();
	int ox = blockIdx.y * 32 + threadIdx.x, oy0 = blockIdx.x * 32 + threadIdx.y;
	for (int k = 0; k < 32; k += 8)
		out[(long long)(oy0 + k) * rows + ox] = tile[threadIdx.x][threadIdx.y + k];
}
