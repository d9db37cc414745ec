// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: opens network sockets (IPv4, IPv6, netlink, packet) to send its
// input away or fetch answers.
// Stopped by: seccomp: socket() succeeds for AF_UNIX only; Landlock ABI 4
// refuses TCP connect and bind too. WA.

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

#include <sys/socket.h>

static int attack(void)
{
	const int domains[] = {2 /* AF_INET */, 10 /* AF_INET6 */, 16 /* AF_NETLINK */,
	                       17 /* AF_PACKET */};
	for (int i = 0; i < 4; ++i) {
		int s = socket(domains[i], SOCK_DGRAM, 0);
		if (s >= 0)
			succeeded("a network socket");
	}
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
