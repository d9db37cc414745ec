// RACE (emulator): the sender raises the flag without a fence, so the message may arrive after it.
// expect-gpu: SKIP
// On a GPU this passes whenever the stores happen to arrive in order, which they often do; the
// emulator sees the message read unordered with its write.
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	atomicExch(flag, 1);
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicAdd(flag, 0) == 0)
		;
	__threadfence();
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
