// Hostile: does its compare-and-swap on an int two bytes into the slot, an
// address that is not a multiple of four.
// Stopped by: the GPU faults on the misaligned atomic ("misaligned address")
// and the runtime reports the CUDA error for the case: RE. x86 allows
// misaligned atomics, but on the emulator the one-slot buffer of the first
// case ends at an inaccessible page, which the 4-byte access two bytes in
// reaches: an out-of-bounds read, RE as well.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *word = (int *)((char *)addr + 2);
	int seen = *word;
	while (__int_as_float(seen) < val) {
		int before = atomicCAS(word, seen, __float_as_int(val));
		if (before == seen)
			break;
		seen = before;
	}
	return __int_as_float(seen);
}
