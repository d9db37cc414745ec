// expect-emu: CE
// expect-gpu: CE
// Hostile (event_dependency, host code): a static object's destructor would run after main wrote the outputs
// and overwrite them with values it computes on the CPU.
// Stopped by: the object check (harness/engine/hostobj.c): an .init_array entry
// that is not nvcc's registration (the code that constructs the object and
// registers its destructor): CE. The runtime ends with _exit anyway.
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
