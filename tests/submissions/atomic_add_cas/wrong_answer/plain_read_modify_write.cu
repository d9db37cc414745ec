// expect-emu: RACE
/* Mistake: no atomic at all. On a GPU, threads that read the same old value
 * overwrite each other's sums and updates are lost; the emulator reports the
 * unsynchronised accesses themselves. */
__device__ float atomicAddCAS(float *addr, float val)
{
	float old = *addr;
	*addr = old + val;
	return old;
}
