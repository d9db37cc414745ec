// AC: no shuffles: a Hillis-Steele scan over a shared array, two buffers so no step reads what it writes.
__device__ int block_inclusive_scan(int v, int *block_total)
{
	__shared__ int buf[2][1024];
	int t = threadIdx.x, from = 0;
	buf[0][t] = v;
	__syncthreads();
	for (int d = 1; d < blockDim.x; d *= 2) {
		int s = buf[from][t];
		if (t >= d)
			s += buf[from][t - d];
		buf[1 - from][t] = s;
		from = 1 - from;
		__syncthreads();
	}
	int mine = buf[from][t];
	*block_total = buf[from][blockDim.x - 1];
	__syncthreads(); /* everyone has read buf before the next call writes it */
	return mine;
}
