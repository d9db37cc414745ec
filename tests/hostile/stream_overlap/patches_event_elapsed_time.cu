// expect-emu: CE
// expect-gpu: CE
// Hostile (stream_overlap, host code): makes the code of cudaEventElapsedTime writable and patches it, so
// that every event time it reports is tiny.
// Stopped by: the object check: mprotect is not on the allowlist: CE. The times
// that decide the verdict are the glue's own host clock around the call.
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

#include <stdint.h>
#include <sys/mman.h>
void patch_event_time(void)
{
	uintptr_t page = (uintptr_t)(void *)&cudaEventElapsedTime & ~(uintptr_t)4095;
	mprotect((void *)page, 8192, PROT_READ | PROT_WRITE | PROT_EXEC);
	memset((void *)&cudaEventElapsedTime, 0xc3, 1);
}
