// report-says: a wait enqueued before the record
/* Mistake: the wait is enqueued before the record. cudaStreamWaitEvent waits
 * for the event's most recent record at the time of the call: here none, so it
 * waits for nothing. */
/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	cudaStreamWaitEvent(consumer, ready, 0);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	cudaEventRecord(ready, producer);
	consume<<<blocks, 256, 0, consumer>>>(d_tmp, d_out, n);
}
