// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: before the cases, takes every byte of device memory it can get
// (cudaMalloc in 1 GiB steps, then smaller, until nothing is left) and keeps
// it, so that the runtime cannot allocate the cases' buffers.
// Stopped by: the runtime's allocations fail and are reported as a CUDA error
// ("out of memory") for the first case; all memory returns to the GPU when the
// process ends, so the next run is unaffected. RE. On the emulator device
// memory is host address space: 4 TiB of it leaves too little for the
// emulator's own bookkeeping, and the program fails: RE as well. The case
// file itself was mapped before this code ran, so the judge is never blamed.
#include <cuda_runtime.h>

static int grab(void)
{
	size_t step = (size_t)1 << 30;
	int taken = 0;
	while (step >= ((size_t)1 << 20) && taken < 4096) {
		void *p = NULL;
		if (cudaMalloc(&p, step) == cudaSuccess)
			++taken;
		else
			step /= 2;
	}
	cudaGetLastError(); /* the failed calls leave no sticky error */
	return taken;
}
static int grabbed = grab();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
