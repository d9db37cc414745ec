// AC: the flag is polled with atomicCAS (an atomic read that changes nothing) and raised with
// atomicExch; one fence on each side of the flag.
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	__threadfence();
	atomicExch(flag, 1);
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicCAS(flag, 1, 1) != 1)
		;
	__threadfence();
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
