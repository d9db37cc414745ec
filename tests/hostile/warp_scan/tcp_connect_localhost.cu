// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: connects over TCP to a service on the judge's own machine
// (127.0.0.1:22), through the socket call glibc makes for it.
// Stopped by: seccomp (no AF_INET socket). WA.

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

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

static int attack(void)
{
	int s = socket(AF_INET, SOCK_STREAM, 0);
	if (s < 0)
		return 0;
	struct sockaddr_in a = {};
	a.sin_family = AF_INET;
	a.sin_port = htons(22);
	a.sin_addr.s_addr = htonl(0x7f000001);
	connect(s, (struct sockaddr *)&a, sizeof a);
	succeeded("a TCP socket");
	return 0;
}
static int done = attack();

/* The scan itself is left out (each lane returns its own value): WA unless
 * the attack changes the verdict. */
__device__ int warp_inclusive_scan(int v)
{
	return v;
}
