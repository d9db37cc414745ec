// expect-emu: RULE|CE
// expect-gpu: RULE|RE|CE
// Hostile: defines the runtime's weak hook cj_host_run, which replaces the
// glue's launch, and computes every case's scan itself on the host (on the
// emulator the "device" buffers are host memory): right outputs from code
// that is not the exercise's.
// Stopped by: rules.c refuses names starting with cj_ or CJ_ (RULE
// judge-names). On the GPU the buffers are device memory (RE when touched
// from the host); the trusted runner never links the learner's host code.

/* Declared by the runtime's glue.h, which is included before this file. */
cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], struct cj_measure *m)
{
	(void)m;
	const long long n = c->param[0];
	const int passes = (int)c->param[2];
	const int *in = (const int *)dev[0];
	int *out = (int *)dev[1];
	for (long long i = 0; i < n; ++i)
		out[i] = in[i];
	for (int p = 0; p < passes; ++p)
		for (long long i = 0; i < n; ++i)
			if (i % 32)
				out[i] += out[i - 1];
	return cudaSuccess;
}

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
