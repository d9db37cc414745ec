// AC: relaxed atomics made ordering by cuda::atomic_thread_fence: a release fence before the store,
// an acquire fence after the load that saw the ticket.
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
	cuda::atomic_ref<unsigned, cuda::thread_scope_device>(*ticket).store(
	        mine, cuda::memory_order_relaxed);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	while (t.load(cuda::memory_order_relaxed) != mine)
		;
	cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
