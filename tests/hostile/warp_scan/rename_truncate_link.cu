// expect-emu: CE
// expect-jail: WA
// expect-gpu: CE
// CE wherever nvcc runs: the device-only check refuses its host code
// (docs/trusted-runner.md). Without nvcc (expect-jail) the emulator runs it:
// Hostile: truncates problems.yaml to its own size (truncate), moves a file
// of its scratch folder into build/ (rename), hard-links build/cudajudge into
// the scratch folder to write through the link, and opens the engine through
// a symbolic link made in the scratch folder.
// Stopped by: Landlock (TRUNCATE, REFER, WRITE_FILE: the target's real place
// counts, not the path used). WA.

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

#include <fcntl.h>
#include <sys/stat.h>

static int attack(void)
{
	char build[PATH_MAX], root[PATH_MAX], path[PATH_MAX], to[PATH_MAX];
	judge_paths(build, root);
	snprintf(path, sizeof path, "%s/problems.yaml", root);
	struct stat st;
	if (stat(path, &st) == 0 && truncate(path, st.st_size) == 0)
		succeeded("truncate problems.yaml");
	int fd = open("moved", O_CREAT | O_WRONLY, 0644);
	if (fd >= 0)
		close(fd);
	snprintf(to, sizeof to, "%s/cudajudge-hostile-moved", build);
	if (rename("moved", to) == 0) {
		unlink(to);
		succeeded("rename into build/");
	}
	snprintf(path, sizeof path, "%s/cudajudge", build);
	if (link(path, "engine-link") == 0) {
		fd = open("engine-link", O_WRONLY | O_APPEND);
		unlink("engine-link");
		if (fd >= 0)
			succeeded("write through a hard link to build/cudajudge");
	}
	if (symlink(path, "engine-symlink") == 0) {
		fd = open("engine-symlink", O_WRONLY | O_APPEND);
		unlink("engine-symlink");
		if (fd >= 0)
			succeeded("write through a symbolic link to build/cudajudge");
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
