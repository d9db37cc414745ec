/*
 * Reference for transpose: a 32 x 32 tile in shared memory, padded to 33
 * columns. A warp reads 32 consecutive floats of one row of in (coalesced)
 * into one row of the tile, then, after the barrier, reads one column of the
 * tile to write 32 consecutive floats of one row of out (coalesced). Without
 * the padding the 32 floats of a tile column would sit 32 words apart, all in
 * the same bank, and the column read would be 32-way serialised; with 33
 * columns they fall in 32 different banks.
 */
#define TILE 32
#define ROWS_PER_PASS 8

__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[TILE][TILE + 1];
	const int x = blockIdx.x * TILE + threadIdx.x; /* column of in */
	const int y0 = blockIdx.y * TILE + threadIdx.y;
#pragma unroll
	for (int k = 0; k < TILE; k += ROWS_PER_PASS) {
		const int y = y0 + k;
		if (x < cols && y < rows)
			tile[threadIdx.y + k][threadIdx.x] = in[(long long)y * cols + x];
	}
	__syncthreads();
	const int ox = blockIdx.y * TILE + threadIdx.x; /* column of out = row of in */
	const int oy0 = blockIdx.x * TILE + threadIdx.y;
#pragma unroll
	for (int k = 0; k < TILE; k += ROWS_PER_PASS) {
		const int oy = oy0 + k;
		if (ox < rows && oy < cols)
			out[(long long)oy * rows + ox] = tile[threadIdx.x][threadIdx.y + k];
	}
}
