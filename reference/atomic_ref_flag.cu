/*
 * Reference for atomic_ref_flag: the ticket is published with a release
 * store and awaited with acquire loads, at device scope (sender and receiver
 * are in different blocks). Release/acquire orders the message without a
 * separate fence.
 */
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(*ticket);
	flag.store(mine, cuda::memory_order_release);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> flag(*ticket);
	while (flag.load(cuda::memory_order_acquire) != mine)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
