// AC: one fetch_add with acq_rel order both publishes this block's partial (release) and, in the
// last block, makes every earlier partial visible (acquire): no separate fences.
#include <cuda/atomic>

__device__ void last_block_reduce(float partial, float *partials, unsigned *arrived,
                                  float *total)
{
	partials[blockIdx.x] = partial;
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> count(*arrived);
	if (count.fetch_add(1u, cuda::memory_order_acq_rel) != gridDim.x - 1)
		return;
	float sum = 0.0f;
	for (unsigned b = 0; b < gridDim.x; ++b)
		sum += partials[b];
	*total = sum;
	count.store(0u, cuda::memory_order_relaxed);
}
