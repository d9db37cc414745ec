// report-says: A record on the consumer stream
/* Mistake: the event recorded on the consumer stream, so it marks a point of
 * the consumer's own queue and says nothing about produce. */
/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	cudaEventRecord(ready, consumer);
	cudaStreamWaitEvent(consumer, ready, 0);
	consume<<<blocks, 256, 0, consumer>>>(d_tmp, d_out, n);
}
