/* Also correct, written in ordinary C++: a std::vector of chunk plans, a
 * helper in a namespace, std::min, a lambda, an error check that prints.
 * The object check of the host-code exercises (harness/engine/hostobj.c)
 * must let all of this through. */
#include <stdio.h>

#include <algorithm>
#include <vector>

/* Given: harness/problems/stream_overlap/given.cuh. */
__global__ void transform(const float *in, float *out, long long n);

namespace pipeline {
struct chunk {
	long long off, len;
};

static std::vector<chunk> plan(long long n, int pieces)
{
	std::vector<chunk> out;
	const long long size = (n + pieces - 1) / pieces;
	for (long long off = 0; off < n; off += size)
		out.push_back({off, std::min(size, n - off)});
	return out;
}
} // namespace pipeline

float *host_alloc(long long count)
{
	float *p = NULL;
	cudaError_t e = cudaMallocHost((void **)&p, (size_t)count * sizeof(float));
	if (e != cudaSuccess) {
		fprintf(stderr, "cudaMallocHost: %s\n", cudaGetErrorString(e));
		return NULL;
	}
	return p;
}

void host_free(float *p)
{
	cudaFreeHost(p);
}

void run_pipeline(const float *h_in, float *h_out, float *d_in, float *d_out, long long n,
                  cudaStream_t *streams, int nstreams)
{
	const std::vector<pipeline::chunk> chunks = pipeline::plan(n, 4 * nstreams);
	auto blocks = [](long long len) { return (unsigned)((len + 255) / 256); };
	for (size_t k = 0; k < chunks.size(); ++k) {
		const pipeline::chunk &c = chunks[k];
		cudaStream_t s = streams[k % nstreams];
		cudaMemcpyAsync(d_in + c.off, h_in + c.off, c.len * sizeof(float),
		                cudaMemcpyHostToDevice, s);
		transform<<<blocks(c.len), 256, 0, s>>>(d_in + c.off, d_out + c.off, c.len);
		cudaMemcpyAsync(h_out + c.off, d_out + c.off, c.len * sizeof(float),
		                cudaMemcpyDeviceToHost, s);
	}
	cudaError_t e = cudaGetLastError();
	if (e != cudaSuccess)
		printf("launch: %s\n", cudaGetErrorString(e));
}
