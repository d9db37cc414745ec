// RACE (emulator): fetch() waits for "non-zero" instead of its own ticket, so from the second trial
// on it goes ahead at once, on the previous trial's ticket.
// expect-gpu: WA
// On a GPU it reads the mailbox before the sender has written it (0x5a5a5a5a); on the emulator
// that read is unordered with the sender's write.
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
	while (t.load(cuda::memory_order_acquire) == 0)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
