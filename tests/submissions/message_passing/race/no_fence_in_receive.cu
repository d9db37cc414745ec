// RACE (emulator): the receiver reads the message right after seeing the flag, with no fence.
// expect-gpu: SKIP
// An atomic read orders nothing after it: the message loads may be served before the flag was
// seen. A GPU shows it rarely; the emulator every time.
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	__threadfence();
	atomicExch(flag, 1);
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicAdd(flag, 0) == 0)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
