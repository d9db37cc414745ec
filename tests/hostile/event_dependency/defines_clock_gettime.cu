// expect-emu: CE
// expect-gpu: CE
// Hostile (event_dependency, host code): an extern "C" clock_gettime would replace the C library's in the
// static test binary and fake every reading of the host clock.
// Stopped by: the object check: a global extern "C" definition: CE.
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

#include <time.h>
extern "C" int clock_gettime(clockid_t, struct timespec *ts)
{
	ts->tv_sec = 0;
	ts->tv_nsec = 0;
	return 0;
}
