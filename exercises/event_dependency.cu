/*
 * event_dependency: produce on one stream, consume on another, with the
 * consumer waiting for the producer through an event, never through the host.
 *
 * The judge creates both streams (non-blocking) and the event, and calls
 * produce_then_consume once per case. Enqueue produce on `producer` and
 * consume on `consumer` so that consume starts only after produce has
 * finished, without blocking the host (no cudaStreamSynchronize or
 * cudaDeviceSynchronize here). The judge holds the producer stream back
 * before your call, so a consumer that does not wait reads d_tmp too early.
 *
 * produce and consume are given (produce: tmp[i] = 2 in[i] + 1; consume:
 * out[i] = tmp[i] + tmp[n - 1 - i], which other blocks of produce wrote):
 * the judge defines them after your file, which only declares them. Read
 * them in harness/problems/event_dependency/given.cuh; do not define them
 * here.
 *
 * Judge it with: python3 judge.py event_dependency
 */
/* Given: harness/problems/event_dependency/given.cuh. */
__global__ void produce(const float *in, float *tmp, long long n);
__global__ void consume(const float *tmp, float *out, long long n);

void produce_then_consume(const float *d_in, float *d_tmp, float *d_out, long long n,
                          cudaStream_t producer, cudaStream_t consumer, cudaEvent_t ready)
{
	unsigned blocks = (unsigned)((n + 255) / 256);
	produce<<<blocks, 256, 0, producer>>>(d_in, d_tmp, n);
	// TODO: make the consumer stream wait for what the producer has enqueued so far.
	consume<<<blocks, 256, 0, consumer>>>(d_tmp, d_out, n);
}
