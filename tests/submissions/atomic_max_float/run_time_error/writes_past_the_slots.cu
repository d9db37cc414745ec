// Hostile: a correct atomic max that also stores into the float just past
// the slot it was given (addr[1]), so a one-slot buffer is overrun by one
// element: a stray write that corrupts nothing the checker compares.
// Stopped by: on the GPU every buffer sits between 64 KiB guard zones that
// the runtime checks after each launch ("a write landed 1 byte past the end of
// buffer 'slots'"); on the emulator the buffer ends at an inaccessible page and
// the store faults. RE in the first case, which has a single slot.
__device__ float atomicMaxFloat(float *addr, float val)
{
	int *word = (int *)addr;
	int seen = *word;
	while (__int_as_float(seen) < val) {
		int before = atomicCAS(word, seen, __float_as_int(val));
		if (before == seen)
			break;
		seen = before;
	}
	addr[1] = val;
	return __int_as_float(seen);
}
