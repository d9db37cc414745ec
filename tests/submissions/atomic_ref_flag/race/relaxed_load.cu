// RACE (emulator): the ticket is polled relaxed, so the reads of the message are not ordered after
// the load that saw it.
// expect-gpu: SKIP
// A GPU rarely serves those reads early; the emulator reports them every time.
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	t.store(mine, cuda::memory_order_release);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	while (t.load(cuda::memory_order_relaxed) != mine)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
