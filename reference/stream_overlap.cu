/*
 * Reference for stream_overlap: page-locked host buffers (copies from pageable
 * memory go through a staging buffer and do not overlap anything), and 16
 * chunks dealt round-robin to the streams. Within a stream a chunk's copy in,
 * kernel and copy out stay in order; across streams the copy engines (one
 * per direction) and the SMs work on different chunks at the same time.
 */
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
	for (int k = 0; k < chunks; ++k) {
		const long long off = k * size;
		if (off >= n)
			break;
		const long long len = n - off < size ? n - off : size;
		cudaStream_t s = streams[k % nstreams];
		cudaMemcpyAsync(d_in + off, h_in + off, len * sizeof(float), cudaMemcpyHostToDevice, s);
		transform<<<(unsigned)((len + 255) / 256), 256, 0, s>>>(d_in + off, d_out + off, len);
		cudaMemcpyAsync(h_out + off, d_out + off, len * sizeof(float), cudaMemcpyDeviceToHost,
		                s);
	}
}
