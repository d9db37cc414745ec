// expect-gpu: SKIP
// expect-sanitize: RE|WA (RE where initcheck reads shared memory: compute-sanitizer 2025.4+)
/* Mistake: threads past the end of x leave their slot as it was, so the last
 * block adds whatever shared memory held. The emulator fills shared memory
 * with a marker first and shows it every time; on a GPU the leftover may
 * happen to be zero, so that run does not count. */
__global__ void block_sums(const int *x, int *sums, int n)
{
	extern __shared__ unsigned part[];
	unsigned t = threadIdx.x;
	long long i = (long long)blockIdx.x * blockDim.x + t;
	if (i < n)
		part[t] = (unsigned)x[i];
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (t < s)
			part[t] += part[t + s];
		__syncthreads();
	}
	if (t == 0)
		sums[blockIdx.x] = (int)part[0];
}
