/* Mistake: the host waits for the event (cudaEventSynchronize) before going
 * on. The results are right, but the host sits idle until produce is done,
 * which is what cudaStreamWaitEvent exists to avoid; with the producer held
 * back, the call returns only when the judge's hold gives up. The emulator
 * sees the queued work run inside the call. */
/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	cudaEventRecord(ready, producer);
	cudaEventSynchronize(ready);
	cudaStreamWaitEvent(consumer, ready, 0);
	consume<<<blocks, 256, 0, consumer>>>(d_tmp, d_out, n);
}
