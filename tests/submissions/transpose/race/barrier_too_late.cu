// expect-gpu: SKIP
// expect-sanitize: RACE (racecheck: a read-after-write hazard on the tile between warps)
/* Mistake: the barrier after the store instead of between the load and the
 * store, so a thread reads tile columns that other warps may not have written
 * yet. The emulator shows the race every time; on a GPU it depends on timing,
 * so that run does not count. */
__global__ void transpose(const float *in, float *out, int rows, int cols)
{
	__shared__ float tile[64][65];
	int x = blockIdx.x * 64 + threadIdx.x, y0 = blockIdx.y * 64 + threadIdx.y;
	for (int k = 0; k < 64; k += 8)
		if (x < cols && y0 + k < rows)
			tile[threadIdx.y + k][threadIdx.x] = in[(long long)(y0 + k) * cols + x];
	int ox = blockIdx.y * 64 + threadIdx.x, oy0 = blockIdx.x * 64 + threadIdx.y;
	for (int k = 0; k < 64; k += 8)
		if (ox < rows && oy0 + k < cols)
			out[(long long)(oy0 + k) * rows + ox] = tile[threadIdx.x][threadIdx.y + k];
	__syncthreads();
}
