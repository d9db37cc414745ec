// RACE (emulator): the ticket is stored relaxed, which publishes nothing written before it.
// expect-gpu: SKIP
// A GPU shows the stale message only when the stores are reordered on the way; the emulator sees
// the message read with nothing ordering it after its write.
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	t.store(mine, cuda::memory_order_relaxed);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	while (t.load(cuda::memory_order_acquire) != mine)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
