/* Is this path the learner's file? See learner_file.h. */
#include "learner_file.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

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
