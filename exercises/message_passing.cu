/*
 * message_passing: hand a message from one block to another through global
 * memory and a flag.
 *
 * send() runs in one thread of a sending block: it copies msg[0..words) into
 * box[0..words) and then raises *flag (0 -> 1). receive() runs in one thread
 * of another block, at the same time: it waits until *flag is 1 and then
 * copies box[0..words) into out[0..words). Whenever receive() sees the flag,
 * it must see the whole message.
 *
 * Judge it with: python3 judge.py message_passing
 */
__device__ void send(int *box, const int *msg, int words, int *flag)
{
	// TODO: write the message, make it visible, then raise the flag.
}

__device__ void receive(const int *box, int *out, int words, int *flag)
{
	// TODO: wait for the flag (read it so that every poll really reads memory),
	// then copy the message out.
}
