// WA: plain read-compare-write; a million threads on one slot lose updates and see stale olds.
// expect-emu: RACE
// The emulator runs the threads of a block one after another, so no update is lost there, but
// the race detector sees the unsynchronised read and write of the same address.
__device__ float atomicMaxFloat(float *addr, float val)
{
	float old = *addr;
	if (val > old)
		*addr = val;
	return old;
}
