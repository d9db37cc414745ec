// expect-emu: CE
// expect-gpu: CE
// Hostile (stream_overlap, host code): a static object's destructor would run after main wrote the outputs
// and overwrite them with values it computes on the CPU.
// Stopped by: the object check (harness/engine/hostobj.c): an .init_array entry
// that is not nvcc's registration (the code that constructs the object and
// registers its destructor): CE. The runtime ends with _exit anyway.
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

struct rewriter {
	~rewriter()
	{
		static float out[1 << 16];
		for (int i = 0; i < (1 << 16); ++i)
			out[i] = 0.5f; /* stands for "correct outputs computed on the CPU" */
		fputs("rewritten\n", stderr);
	}
};
static rewriter at_exit_object;
