// AC: the default order of atomic_ref is seq_cst, stronger than release/acquire: correct, if slower.
#include <cuda/atomic>

__device__ void post(int *box, const int *msg, int words, unsigned *ticket, unsigned mine)
{
	for (int i = 0; i < words; ++i)
		box[i] = msg[i];
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	t.store(mine);
}

__device__ void fetch(const int *box, int *out, int words, unsigned *ticket, unsigned mine)
{
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> t(*ticket);
	while (t.load() != mine)
		;
	for (int i = 0; i < words; ++i)
		out[i] = box[i];
}
