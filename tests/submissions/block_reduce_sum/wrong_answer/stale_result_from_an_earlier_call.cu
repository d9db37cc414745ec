// report-says: every wrong sum is the same value
// Hostile: computes the block's sum once, keeps it in a __device__ variable,
// and from then on hands back that stale sum instead of reducing again,
// hoping the judge compares against a result it has already seen (or that
// a poisoned output left unwritten still holds an earlier case's answer).
// Stopped by: every case has fresh random inputs, outputs are poisoned before
// each launch (the integer poison changes from case to case), and the engine
// compares with its own golden model: the second call per kernel, and every
// later case, differ. WA.
__device__ float kept_sum;
__device__ int kept;

__device__ float block_reduce_sum(float v)
{
	__shared__ float partial[32];
	int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
	for (int m = 16; m > 0; m >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, m);
	if (lane == 0)
		partial[warp] = v;
	__syncthreads();
	float sum = 0.0f;
	if (warp == 0) {
		sum = lane < (int)(blockDim.x >> 5) ? partial[lane] : 0.0f;
		for (int m = 16; m > 0; m >>= 1)
			sum += __shfl_down_sync(0xffffffffu, sum, m);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		if (atomicExch(&kept, 1))
			return kept_sum; /* stale from here on */
		kept_sum = sum;
	}
	return sum;
}
