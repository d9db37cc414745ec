// expect-emu: CE
// expect-gpu: CE
// Hostile (stream_overlap, host code): looks up the runtime's own functions with dlopen and dlsym, to call or
// replace them.
// Stopped by: the object check: dlopen and dlsym are not on the allowlist: CE.
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

#include <dlfcn.h>
void *find_hook(void)
{
	void *self = dlopen(NULL, RTLD_NOW);
	return self ? dlsym(self, "cj_host_run") : NULL;
}
