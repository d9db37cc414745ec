/* Small helpers shared by the engine: allocation that cannot fail, the
 * engine's own fatal errors, strings, files and clocks. */
#ifndef HARNESS_ENGINE_UTIL_H
#define HARNESS_ENGINE_UTIL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The engine's own failure (not the learner's): message to stderr, exit 2. */
_Noreturn void die(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* A growable string. */
struct strbuf {
	char *s;
	size_t len, cap;
};
void sb_add(struct strbuf *b, const char *s, size_t n);
void sb_puts(struct strbuf *b, const char *s);
void sb_printf(struct strbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
char *sb_take(struct strbuf *b); /* returns the string ("" if empty) and resets b */

/* Whole file into memory, NUL-terminated; NULL with errno set on failure. */
char *read_file(const char *path, size_t *len);
bool file_exists(const char *path);
/* mkdir -p */
int make_dirs(const char *path);
/* rm -rf of a directory the engine created. */
void remove_tree(const char *path);

/* Seconds from a monotonic clock. */
double now_s(void);

/* path when it names an executable file, else NULL (path is freed). */
char *executable_path(char *path);

/* A CUDA toolkit program (compute-sanitizer, ncu), malloc'd, or NULL: next
 * to nvcc (when nvcc is not NULL) or in <toolkit>/<tool>/, in
 * $CUDA_PATH/bin, $CUDA_HOME/bin, on PATH, in /usr/local/cuda/bin. */
char *find_cuda_tool(const char *nvcc, const char *tool);

/* A tool's command line around a program's: tool, the NULL-terminated
 * option groups in turn (the list ends with NULL), "--", prog_argv. Only the
 * array is malloc'd; the strings are the callers'. */
char **tool_argv(const char *tool, char *const *const groups[], char *const prog_argv[]);

/* The first executable dir/name for dir in the ':'-separated `dirs` (PATH),
 * malloc'd, or NULL (also when dirs is NULL). */
char *find_in_dirs(const char *dirs, const char *name);

/* `path` relative to `root` when it lies inside it, else `path` itself. */
const char *relative_to(const char *path, const char *root);

/* FNV-1a (64 bits), the engine's one hash for cache keys and fingerprints:
 * start from FNV1A_OFFSET and fold each part in with fnv1a(h, data, len). */
#define FNV1A_OFFSET 0xcbf29ce484222325ull
uint64_t fnv1a(uint64_t h, const void *data, size_t len);

#endif
