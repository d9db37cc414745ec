/* Is this path the learner's file? See learner_file.h. */
#include "learner_file.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util.h"

void learner_file_init(struct learner_file *f, const char *path)
{
	memset(f, 0, sizeof *f);
	f->path = path;
	if (!realpath(path, f->real))
		f->real[0] = '\0';
}

void learner_file_free(struct learner_file *f)
{
	for (size_t i = 0; i < f->cap; ++i)
		free(f->seen[i].path);
	free(f->seen);
	memset(f, 0, sizeof *f);
}

static struct learner_answer *slot(struct learner_answer *v, size_t cap, const char *name)
{
	size_t k = fnv1a(FNV1A_OFFSET, name, strlen(name)) & (cap - 1);
	while (v[k].path && strcmp(v[k].path, name))
		k = (k + 1) & (cap - 1);
	return &v[k];
}

static void remember(struct learner_file *f, const char *name, bool same)
{
	if (2 * (f->nseen + 1) > f->cap) {
		size_t cap = f->cap ? 2 * f->cap : 64;
		struct learner_answer *v = xcalloc(cap, sizeof *v);
		for (size_t i = 0; i < f->cap; ++i)
			if (f->seen[i].path)
				*slot(v, cap, f->seen[i].path) = f->seen[i];
		free(f->seen);
		f->seen = v;
		f->cap = cap;
	}
	struct learner_answer *a = slot(f->seen, f->cap, name);
	a->path = xstrdup(name);
	a->same = same;
	f->nseen++;
}

bool learner_file_is(struct learner_file *f, const char *name)
{
	if (!name)
		return false;
	if (!strcmp(name, f->path))
		return true;
	if (f->cap) {
		const struct learner_answer *a = slot(f->seen, f->cap, name);
		if (a->path)
			return a->same;
	}
	char real[PATH_MAX];
	bool same = f->real[0] && realpath(name, real) && !strcmp(real, f->real);
	remember(f, name, same);
	return same;
}

/* No byte nvcc's shell would read (inside its double quotes) or that ends a
 * line. */
static bool shell_safe(const char *s)
{
	for (const unsigned char *c = (const unsigned char *)s; *c; ++c)
		if (*c < 0x20 || *c == 0x7f || strchr("\"\\$`", *c))
			return false;
	return true;
}

/* workdir/name, a symbolic link to target (replacing an older one), or NULL. */
static char *link_to(const char *workdir, const char *name, const char *target)
{
	char *link = xasprintf("%s/%s", workdir, name);
	unlink(link);
	if (symlink(target, link) == 0)
		return link;
	free(link);
	return NULL;
}

char *learner_file_for_nvcc(const char *path, const char *workdir)
{
	char real[PATH_MAX];
	if ((shell_safe(path) && path[0] != '-') || !workdir || !realpath(path, real))
		return xstrdup(path);
	char *slash = strrchr(real, '/');
	const char *base = slash + 1;
	if (shell_safe(base)) {
		*slash = '\0';
		char *folder = link_to(workdir, "learner_folder", real[0] ? real : "/");
		char *via = folder ? xasprintf("%s/%s", folder, base) : xstrdup(path);
		free(folder);
		return via;
	}
	const char *dot = strrchr(base, '.');
	char *name = xasprintf("learner_file%s", dot && shell_safe(dot) ? dot : ".cu");
	char *file = link_to(workdir, name, real);
	free(name);
	return file ? file : xstrdup(path);
}
