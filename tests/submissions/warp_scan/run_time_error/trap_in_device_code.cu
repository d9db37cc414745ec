// Hostile: the device function executes a trap instruction (PTX trap; the CPU
// emulator, which compiles device code for the host, gets the host's trap).
// Stopped by: the GPU aborts the kernel and the runtime's checked
// synchronisation reports the CUDA error for that case; the emulator's
// process dies by SIGILL. Either way the case is RE and the next run finds a
// healthy GPU (the context dies with the process).
__device__ int warp_inclusive_scan(int v)
{
#ifdef __CUDA_ARCH__
	asm volatile("trap;");
#else
	__builtin_trap();
#endif
	return v;
}
