/*
 * The code event_dependency gives the learner: the kernels produce and
 * consume, which the learner's produce_then_consume launches. The learner's
 * file declares them and may not define them (templates/event_dependency.cu
 * says so); the glue includes this file after it, so these definitions are
 * the ones every build compiles. The object check of the learner's file puts
 * this file ahead of it (build/host_object.c), so that the launches resolve
 * there too.
 */
#ifndef CJ_GIVEN_EVENT_DEPENDENCY_CUH
#define CJ_GIVEN_EVENT_DEPENDENCY_CUH

__global__ void produce(const float *in, float *tmp, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		tmp[i] = 2.0f * in[i] + 1.0f;
}

/* Reads tmp written by other blocks of produce, so it needs all of it. */
__global__ void consume(const float *tmp, float *out, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = tmp[i] + tmp[n - 1 - i];
}

#endif
