/*
 * atomic_ref_flag: pass a message between blocks with cuda::atomic_ref and
 * release/acquire ordering instead of __threadfence().
 *
 * post() runs in one thread of a sending block: it copies msg[0..words) into
 * box[0..words) and then publishes *ticket = mine. fetch() runs in one thread
 * of another block at the same time: it waits until *ticket == mine and then
 * copies box[0..words) into out[0..words). Tickets grow by one per trial and
 * are never cleared, so *ticket may still hold the previous trial's number.
 *
 * Judge it with: python3 judge.py atomic_ref_flag
 */
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	// TODO: write the message, then store `mine` through a
	// cuda::atomic_ref<unsigned, cuda::thread_scope_device> with release order.
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	// TODO: load the ticket with acquire order until it equals `mine`, then
	// copy the message out.
}
