// expect-emu: RULE|CE
// expect-gpu: RULE|CE
// Hostile: defines the runtime's weak hook cj_host_run, which replaces the
// glue's launch, and computes the scan on the CPU.
// Stopped by: rules.c refuses names starting with cj_ or CJ_ (RULE
// judge-names); on the GPU the trusted runner never links the learner's host
// code at all.

/* Declared by the runtime's glue.h, included before this file. */
cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], struct cj_measure *m)
{
	(void)c;
	(void)dev;
	(void)m;
	return cudaSuccess; /* the outputs would be written from the host here */
}

__device__ int warp_inclusive_scan(int v)
{
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if ((threadIdx.x & 31) >= d)
			v += up;
	}
	return v;
}
