/*
 * Reference for shared_reduce: a tree in shared memory, in two levels so
 * that the whole block meets at one barrier only.
 *
 * First each warp sums its own 32 slots: in the round with stride s, lanes
 * l < s add slot l + s of their warp into slot l (sequential addressing: the
 * active lanes are the low ones and touch consecutive slots, so there are no
 * bank conflicts). A warp's rounds are ordered by __syncwarp(), which every
 * lane of the warp reaches. Then one __syncthreads() for the whole block, and
 * the first warp sums the warps' sums the same way. Every thread reaches the
 * barrier, including the threads past the end of x (they bring 0).
 * The sums wrap around like unsigned ints: no signed overflow.
 */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ int buf[];
	const unsigned t = threadIdx.x, lane = t % 32, warps = blockDim.x / 32;
	const long long i = (long long)blockIdx.x * blockDim.x + t;
	int v = i < n ? x[i] : 0;
	buf[t] = v;
	__syncwarp();
	for (unsigned s = 16; s > 0; s >>= 1) { /* each warp: its 32 slots into its first */
		if (lane < s) {
			v = (int)((unsigned)v + (unsigned)buf[t + s]);
			buf[t] = v;
		}
		__syncwarp();
	}
	__syncthreads(); /* every warp's sum is in the first slot of its 32 */
	if (t < 32) {    /* the first warp: the warps' sums into slot 0 */
		v = t < warps ? buf[t * 32] : 0;
		__syncwarp(); /* read before any lane overwrites slots 0..31 */
		buf[t] = v;
		__syncwarp();
		for (unsigned s = 16; s > 0; s >>= 1) {
			if (t < s && t + s < warps) {
				v = (int)((unsigned)v + (unsigned)buf[t + s]);
				buf[t] = v;
			}
			__syncwarp();
		}
		if (t == 0)
			sums[blockIdx.x] = v;
	}
}
