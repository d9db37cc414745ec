/* Mistake: the copies use the chunk's offset but the kernel does not, so every
 * chunk transforms the first chunk's data again. */
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
	const int chunks = 4 * nstreams;
	const long long size = (n + chunks - 1) / chunks;
	for (int k = 0; k < chunks && k * size < n; ++k) {
		long long off = k * size, len = n - off < size ? n - off : size;
		cudaStream_t s = streams[k % nstreams];
		cudaMemcpyAsync(d_in + off, h_in + off, len * 4, cudaMemcpyHostToDevice, s);
		transform<<<(unsigned)((len + 255) / 256), 256, 0, s>>>(d_in, d_out + off, len);
		cudaMemcpyAsync(h_out + off, d_out + off, len * 4, cudaMemcpyDeviceToHost, s);
	}
}
