/*
 * Launch glue for atomic_max_float: thread i performs
 *   olds[i] = atomicMaxFloat(&slots[slot_of[i]], vals[i]);
 *   param[0] n       threads (one value each)
 *   param[1] block   blockDim.x
 *   param[2] nslots  addresses shared by the threads (1 = all on one address)
 *   buffers  0 vals (float, n)  1 slot_of (int, n)  2 slots (float, nslots, in-out)
 *            3 olds (float, n)
 */

#ifndef CJ_RUNNER /* the device part: compiled into the module */
extern "C" __global__ void cj_atomic_max_kernel(const float *vals, const int *slot_of, float *slots,
                                                float *olds, long long n)
{
	long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		olds[i] = atomicMaxFloat(&slots[slot_of[i]], vals[i]);
}
#endif

CJ_DECLARE_KERNEL(cj_atomic_max_kernel, "cj_atomic_max_kernel",
                  (const float *vals, const int *slot_of, float *slots, float *olds, long long n));

#ifndef CJ_MODULE /* the host part: compiled into the trusted runner */
void cj_launch(const struct cj_wire_case *c, void *const dev[], cudaStream_t stream)
{
	long long n = c->param[0];
	unsigned block = (unsigned)c->param[1];
	CJ_LAUNCH(cj_atomic_max_kernel, cj_blocks_for(n, block), block, 0, stream,
	          (const float *)dev[0], (const int *)dev[1], (float *)dev[2], (float *)dev[3], n);
}
#endif
