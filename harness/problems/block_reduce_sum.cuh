/*
 * Launch glue for block_reduce_sum: block b owns the elements
 * [b * block * items, (b + 1) * block * items); thread t first adds its items
 * (t, t + block, t + 2 * block, ...) and then every thread of the block calls
 * block_reduce_sum, once on x and, when calls == 2, again on y.
 *   param[0] n       elements of x (and of y)
 *   param[1] block   blockDim.x: a multiple of 32, at most 1024
 *   param[2] items   elements per thread before the block reduction
 *   param[3] calls   1 or 2 calls per kernel
 *   buffers  0 x (float, n)  1 y (float, n, or 1 when calls == 1)
 *            2 sums (float, blocks * calls): sums[b * calls + k] is call k of block b
 */
__global__ void cj_block_sum_kernel(const float *x, const float *y, float *sums, long long n,
				    int items, int calls)
{
	long long base = (long long)blockIdx.x * blockDim.x * items;
	float a = 0.0f, b = 0.0f;
	for (int k = 0; k < items; ++k) {
		long long i = base + (long long)k * blockDim.x + threadIdx.x;
		if (i < n) {
			a += x[i];
			if (calls > 1)
				b += y[i];
		}
	}
	float s = block_reduce_sum(a);
	if (threadIdx.x == 0)
		sums[(long long)blockIdx.x * calls] = s;
	if (calls > 1) {
		float t = block_reduce_sum(b);
		if (threadIdx.x == 0)
			sums[(long long)blockIdx.x * calls + 1] = t;
	}
}

void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	int items = (int)c->param[2];
	cj_block_sum_kernel<<<cj_blocks_for(n, (unsigned)(block * items)), block, 0, stream>>>(
		(const float *)dev[0], (const float *)dev[1], (float *)dev[2], n, items,
		(int)c->param[3]);
}
