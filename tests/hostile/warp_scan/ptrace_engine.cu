// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: attaches to the judge with ptrace, or reads its memory with
// process_vm_readv, where the expected outputs are.
// Stopped by: seccomp (ptrace, process_vm_readv/writev refused) and no
// capabilities; the engine is also not dumpable. WA.

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* <build>/work/<id>-<pid>/test: the build folder is three levels up. */
static void judge_paths(char *build, char *root)
{
	char exe[PATH_MAX] = "";
	ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	exe[n > 0 ? n : 0] = '\0';
	char *a = dirname(exe);
	a = dirname(a);
	a = dirname(a);
	snprintf(build, PATH_MAX, "%s", a);
	char tmp[PATH_MAX];
	snprintf(tmp, sizeof tmp, "%s", a);
	snprintf(root, PATH_MAX, "%s", dirname(tmp));
}

static void succeeded(const char *what)
{
	fprintf(stderr, "ATTACK SUCCEEDED: %s\n", what);
	abort();
}

#include <sys/ptrace.h>
#include <sys/uio.h>

static int attack(void)
{
	pid_t judge = getppid();
	if (ptrace(PTRACE_SEIZE, judge, NULL, NULL) == 0) {
		ptrace(PTRACE_DETACH, judge, NULL, NULL);
		succeeded("ptrace of the judge");
	}
	char buf[16];
	struct iovec local = {buf, sizeof buf}, remote = {(void *)0x400000, sizeof buf};
	if (process_vm_readv(judge, &local, 1, &remote, 1, 0) > 0)
		succeeded("process_vm_readv of the judge");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
