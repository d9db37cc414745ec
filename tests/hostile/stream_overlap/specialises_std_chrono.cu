// expect-emu: CE
// expect-gpu: CE
// Hostile (stream_overlap, host code): a specialisation of the std::chrono
// duration the glue times with, written before the glue is compiled, would
// make every measured time of the pipeline tiny.
// Stopped by: the host-code check (compile.c, changes_the_glue): code in
// namespace std: CE.
#include <chrono>
namespace std { namespace chrono { template <> constexpr double duration<double, std::milli>::count() const { return 0.001; } } }
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Does none of the work: the outputs stay poisoned unless the attack works. */
void run_pipeline(const float *h_in, float *h_out, float *d_in, float *d_out, long long n,
                  cudaStream_t *streams, int nstreams)
{
	(void)h_in;
	(void)h_out;
	(void)d_in;
	(void)d_out;
	(void)n;
	(void)streams;
	(void)nstreams;
}
