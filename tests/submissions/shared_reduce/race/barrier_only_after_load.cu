// expect-gpu: SKIP
// expect-sanitize: RACE
// Under compute-sanitizer, racecheck: a round reads slots that another warp adds into in the round
// before.
/* Mistake: a barrier after the load but none between the rounds: a thread can
 * read slot t + s before its owner added into it. The emulator shows the race;
 * on a GPU the result depends on timing, so that run does not count. */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ unsigned part[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	part[t] = i < n ? (unsigned)x[i] : 0u;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
		if (t < s)
			part[t] += part[t + s];
	if (t == 0)
		sums[blockIdx.x] = (int)part[0];
}
