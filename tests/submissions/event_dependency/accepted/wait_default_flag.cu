/* Also correct: the same with the named default flag, and the consumer's
 * launch configuration computed separately. */
/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	cudaEventRecord(ready, producer);
	cudaStreamWaitEvent(consumer, ready, cudaEventWaitDefault);
	consume<<<(unsigned)((n + 127) / 128), 128, 0, consumer>>>(d_tmp, d_out, n);
}
