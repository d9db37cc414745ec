// expect-emu: WA
// Hostile: does its compare-and-swap on an int two bytes into the slot, an
// address that is not a multiple of four.
// Stopped by: the GPU faults on the misaligned atomic ("misaligned address")
// and the runtime reports the CUDA error for the case: RE. The emulator runs
// on x86, which allows misaligned atomics, so there the value is simply wrong:
// WA.
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
