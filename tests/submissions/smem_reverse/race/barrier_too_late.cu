// expect-gpu: SKIP
// expect-sanitize: RACE
// Under compute-sanitizer, racecheck: a read-after-write hazard between the tile's write and
// another warp's read.
/* Mistake: the barrier at the end instead of between filling the tile and
 * reading it back. Thread t reads the slot of thread len - 1 - t, usually in
 * another warp, which may not have written it yet. The emulator shows the race
 * every time; on a GPU it depends on timing, so the GPU run does not count. */
__global__ void reverse_array(const int *in, int *out, int n)
{
	extern __shared__ int tile[];
	int t = threadIdx.x;
	int base = blockIdx.x * blockDim.x;
	int len = n - base < (int)blockDim.x ? n - base : (int)blockDim.x;
	if (t < len)
		tile[t] = in[base + t];
	if (t < len)
		out[n - base - len + t] = tile[len - 1 - t];
	__syncthreads();
}
