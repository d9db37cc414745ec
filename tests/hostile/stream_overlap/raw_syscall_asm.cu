// expect-emu: CE
// expect-gpu: CE
// Hostile (stream_overlap, host code): inline asm makes a system call (here
// mprotect, number 10) without naming any library function, to make the
// runtime's code writable.
// Stopped by: the object check (compile.c, check_system_calls): a syscall
// instruction in the host code of the object: CE.
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

long raw_mprotect(void *addr, unsigned long len, unsigned long prot)
{
	long ret;
	asm volatile("syscall"
	             : "=a"(ret)
	             : "a"(10L), "D"(addr), "S"(len), "d"(prot)
	             : "rcx", "r11", "memory");
	return ret;
}
