// Now a compile error everywhere nvcc runs: its host code is refused by the device-only
// check (docs/trusted-runner.md), and the module it would run in holds no host code.
// What follows describes what it did when learner files were linked into the test binary.
// Hostile: forks two thousand children from a static initialiser; each one
// sleeps forever holding the program's stdout, so that the judge would wait
// on the pipe, and the process table would fill. Then it returns a wrong scan.
// Stopped by: the supervisor's seccomp filter makes fork fail (EPERM) in the
// test program on the gpu and emu backends, so no child exists. Under
// compute-sanitizer, which must itself start the program, the children are
// made, and die with the program's process group. Either way: WA, no hang.
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static int spawn(void)
{
	int made = 0;
	for (int i = 0; i < 2000; ++i) {
		pid_t pid = fork();
		if (pid == 0) {
			for (;;)
				pause();
		}
		if (pid < 0)
			break;
		++made;
	}
	printf("forked %d children\n", made);
	fflush(stdout);
	return made;
}
static int children = spawn();

__device__ int warp_inclusive_scan(int v)
{
	return v;
}
