// expect-emu: AC
/* Mistake: page-locked memory, but the whole array in one piece on one
 * stream: nothing can overlap, so it takes as long as the serial sum. */
#include <stdlib.h>

/* Given: harness/problems/stream_overlap/given.cuh. */
__global__ void transform(const float *in, float *out, long long n);

float *host_alloc(long long count)
{
	float *p = NULL;
	if (cudaMallocHost((void **)&p, (size_t)count * sizeof(float)) != cudaSuccess)
		return NULL;
	return p;
}

void host_free(float *p)
{
	cudaFreeHost(p);
}

void run_pipeline(const float *h_in, float *h_out, float *d_in, float *d_out, long long n,
                  cudaStream_t *streams, int nstreams)
{
	(void)nstreams;
	cudaMemcpyAsync(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice, streams[0]);
	transform<<<(unsigned)((n + 255) / 256), 256, 0, streams[0]>>>(d_in, d_out, n);
	cudaMemcpyAsync(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost, streams[0]);
}
