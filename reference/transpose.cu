/*
 * Reference for transpose: a 64 x 64 tile in shared memory, padded to 65
 * columns, moved by 64 x 8 threads. Each thread loads 8 elements of the tile,
 * one every 8 rows: a warp (32 consecutive threadIdx.x, one threadIdx.y) reads
 * 32 consecutive floats of one row of in (coalesced) into one row of the tile.
 * After the barrier each thread stores 8 elements: a warp reads 32 consecutive
 * rows of one tile column and writes them as 32 consecutive floats of one row
 * of out (coalesced). Without the padding those 32 floats would sit 64 words
 * apart, all in one bank, and the column read would take 32 steps; with 65
 * columns they are 65 words apart and fall in 32 different banks.
 *
 * Why 64 x 64 rather than 32 x 32 per block: a thread's 8 loads are
 * independent of one another, so it has 8 reads of global memory in flight
 * before it waits at the barrier instead of 4. An SM holds as many threads
 * either way (2048 on an H200: 8 blocks of 256 or 4 of 512), so twice as many
 * bytes are on their way at once, and that is what keeps the memory system
 * busy.
 */
#define TILE 64
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
