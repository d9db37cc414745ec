// expect-sanitize: RE|WA
// Under compute-sanitizer, edge tiles read slots nothing wrote: RE where initcheck reads shared
// memory, compute-sanitizer 2025.4+.
/* Mistake: the tile is read back in the order it was stored, so the blocks
 * move but the elements inside each tile are not transposed. */
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
		if (ox < rows && oy0 + k < cols)
			out[(long long)(oy0 + k) * rows + ox] = tile[threadIdx.y + k][threadIdx.x];
}
