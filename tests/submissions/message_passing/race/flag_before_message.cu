// RACE (emulator): the flag goes up first and the message is written after it.
// expect-gpu: SKIP
// On a GPU the receiver usually reads 0x5a5a5a5a (WA), but only when it is quicker than the
// sender's stores; the emulator reports the unordered write and read every time.
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	atomicExch(flag, 1);
	__threadfence();
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicAdd(flag, 0) == 0)
		;
	__threadfence();
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
