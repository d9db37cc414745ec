/* Small helpers shared by the engine; see util.h. */
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

void die(const char *fmt, ...)
{
	va_list ap;
	fputs("cudajudge: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory (asked for %zu bytes)", n);
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		die("out of memory (asked for %zu x %zu bytes)", n, size);
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die("out of memory (asked for %zu bytes)", n);
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s ? s : "");
	if (!p)
		die("out of memory");
	return p;
}

static char *xvasprintf(const char *fmt, va_list ap, size_t *len)
{
	char *s;
	int n = vasprintf(&s, fmt, ap);
	if (n < 0)
		die("out of memory");
	if (len)
		*len = (size_t)n;
	return s;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap, NULL);
	va_end(ap);
	return s;
}

void sb_add(struct strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xrealloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void sb_puts(struct strbuf *b, const char *s)
{
	sb_add(b, s, strlen(s));
}

void sb_printf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	size_t n;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap, &n);
	va_end(ap);
	sb_add(b, s, n);
	free(s);
}

char *sb_take(struct strbuf *b)
{
	char *s = b->s ? b->s : xstrdup("");
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	struct strbuf b = {0};
	char chunk[65536];
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, f)) > 0)
		sb_add(&b, chunk, n);
	int failed = ferror(f);
	fclose(f);
	if (failed) {
		free(b.s);
		errno = EIO;
		return NULL;
	}
	if (len)
		*len = b.len;
	return sb_take(&b);
}

bool file_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0;
}

int make_dirs(const char *path)
{
	char *p = xstrdup(path);
	for (char *q = p + 1; *q; ++q) {
		if (*q != '/')
			continue;
		*q = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST) {
			free(p);
			return -1;
		}
		*q = '/';
	}
	int rc = mkdir(p, 0777) != 0 && errno != EEXIST ? -1 : 0;
	free(p);
	return rc;
}

void remove_tree(const char *path)
{
	DIR *d = opendir(path);
	if (d) {
		struct dirent *e;
		while ((e = readdir(d))) {
			if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
				continue;
			char *child = xasprintf("%s/%s", path, e->d_name);
			struct stat st;
			if (lstat(child, &st) == 0 && S_ISDIR(st.st_mode))
				remove_tree(child);
			else
				unlink(child);
			free(child);
		}
		closedir(d);
	}
	rmdir(path);
}

double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

char *executable_path(char *path)
{
	if (path && access(path, X_OK) == 0)
		return path;
	free(path);
	return NULL;
}

char *find_cuda_tool(const char *nvcc, const char *tool)
{
	char *p = NULL;
	if (nvcc) {
		/* <toolkit>/bin/nvcc: the tool sits next to it, or in
		 * <toolkit>/<tool>/ in older toolkits. */
		char *dir = xstrdup(nvcc);
		char *slash = strrchr(dir, '/');
		if (slash) {
			*slash = '\0';
			p = executable_path(xasprintf("%s/%s", dir, tool));
			if (!p)
				p = executable_path(xasprintf("%s/../%s/%s", dir, tool, tool));
		}
		free(dir);
	}
	static const char *const homes[] = {"CUDA_PATH", "CUDA_HOME"};
	for (size_t i = 0; !p && i < sizeof homes / sizeof homes[0]; ++i) {
		const char *base = getenv(homes[i]);
		if (base && *base)
			p = executable_path(xasprintf("%s/bin/%s", base, tool));
	}
	if (!p)
		p = find_in_dirs(getenv("PATH"), tool);
	if (!p)
		p = executable_path(xasprintf("/usr/local/cuda/bin/%s", tool));
	return p;
}

char **tool_argv(const char *tool, char *const *const groups[], char *const prog_argv[])
{
	size_t n = 2;
	for (size_t g = 0; groups[g]; ++g)
		for (size_t i = 0; groups[g][i]; ++i)
			++n;
	for (size_t i = 0; prog_argv[i]; ++i)
		++n;
	char **argv = xcalloc(n + 1, sizeof *argv);
	size_t k = 0;
	argv[k++] = (char *)tool;
	for (size_t g = 0; groups[g]; ++g)
		for (size_t i = 0; groups[g][i]; ++i)
			argv[k++] = groups[g][i];
	argv[k++] = "--";
	for (size_t i = 0; prog_argv[i]; ++i)
		argv[k++] = prog_argv[i];
	argv[k] = NULL;
	return argv;
}

char *find_in_dirs(const char *dirs, const char *name)
{
	if (!dirs)
		return NULL;
	char *copy = xstrdup(dirs), *save = NULL;
	for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		char *p = xasprintf("%s/%s", d, name);
		if (access(p, X_OK) == 0) {
			free(copy);
			return p;
		}
		free(p);
	}
	free(copy);
	return NULL;
}

const char *relative_to(const char *path, const char *root)
{
	size_t n = strlen(root);
	while (n > 1 && root[n - 1] == '/')
		--n;
	if (strncmp(path, root, n) == 0 && path[n] == '/')
		return path + n + 1;
	return path;
}

uint64_t fnv1a(uint64_t h, const void *data, size_t len)
{
	const unsigned char *s = data;
	for (size_t i = 0; i < len; ++i)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return h;
}
