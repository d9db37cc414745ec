// TLE: post() stores 1 (a flag, as in message_passing) instead of its ticket: from the second trial
// on, fetch() waits for a ticket that never comes.
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	t.store(1u, cuda::memory_order_release);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	while (t.load(cuda::memory_order_acquire) != mine)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
