/*
 * Reference for message_passing: the sender writes the message, fences, then
 * raises the flag with an atomic; the receiver polls the flag with an atomic
 * read, fences, then reads the message. The two fences pair up: whoever sees
 * the flag also sees everything written before the sender's fence.
 */
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	__threadfence(); /* the message is visible before the flag is */
	atomicExch(flag, 1);
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	while (atomicAdd(flag, 0) == 0) /* an atomic read: never cached in a register */
		;
	__threadfence(); /* nothing below is read before the flag was seen */
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
