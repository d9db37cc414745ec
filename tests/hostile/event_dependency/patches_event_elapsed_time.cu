// expect-emu: CE
// expect-gpu: CE
// Hostile (event_dependency, host code): makes the code of cudaEventElapsedTime writable and patches it, so
// that every event time it reports is tiny.
// Stopped by: the object check: mprotect is not on the allowlist: CE. The times
// that decide the verdict are the glue's own host clock around the call.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

/* No wait for the producer: wrong results unless the attack works. */
void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	cudaEventRecord(ready, producer);
	consume<<<blocks, 256, 0, consumer>>>(d_tmp, d_out, n);
}

#include <stdint.h>
#include <sys/mman.h>
void patch_event_time(void)
{
	uintptr_t page = (uintptr_t)(void *)&cudaEventElapsedTime & ~(uintptr_t)4095;
	mprotect((void *)page, 8192, PROT_READ | PROT_WRITE | PROT_EXEC);
	memset((void *)&cudaEventElapsedTime, 0xc3, 1);
}
