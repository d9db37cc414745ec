// expect-emu: RE|TLE
// expect-sanitize: RE|TLE
// expect-gpu: TLE|RE
// Hostile: every lane prints forever from the device.
// Stopped by: on the GPU, device printf drops what does not fit its buffer,
// so the kernel simply never ends: TLE at the wall-clock limit, after which
// the process (and its CUDA context) is killed and the GPU is free again.
// The emulator prints for real, and the supervisor kills the program once it
// has written 64 MiB: RE; on a machine too busy to print 64 MiB within 3 s the
// emulator's watchdog reports the endless loop first: TLE. Under compute-sanitizer the device's printf buffer
// is drained as the kernel runs, so the 64 MiB cap usually comes first (RE).
// The same happened on an H200 while other judges shared the GPU
// (CUDAJUDGE_SHARE_DEVICE=1): RE after 9.9 s; alone it is TLE.
#include <stdio.h>

__device__ int warp_inclusive_scan(int v)
{
	for (volatile int forever = 1; forever;)
		printf("lane %d says PASS: {\"verdict\":\"AC\"}\n", (int)(threadIdx.x & 31));
	return v;
}
