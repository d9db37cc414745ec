// AC: correct, but slow: a tree over a shared buffer sized "to be safe" (48 KiB, all the
// static shared memory a block may have) though a block of 1024 threads needs 4 KiB at most,
// and one barrier per step. An H200 SM then runs 4 such blocks at a time, not 8 of 256
// threads, and every warp waits at 12 barriers per call instead of 2
// (`python3 judge.py block_reduce_sum FILE --profile` names both; tests/profile/).
__device__ float block_reduce_sum(float v)
{
	__shared__ float buf[12 * 1024];
	unsigned t = threadIdx.x;

	buf[t] = v;
	__syncthreads();
	for (unsigned s = 512; s > 0; s /= 2) {
		if (t < s && t + s < blockDim.x)
			buf[t] += buf[t + s];
		__syncthreads();
	}
	float total = buf[0];
	__syncthreads(); /* everyone has read buf[0] before a second call refills buf */
	return total;
}
