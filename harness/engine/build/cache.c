/* What a verdict depends on, and the builds kept because of it; see cache.h. */
#include "build/cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "util.h"

/* ---- the one list of what a verdict depends on ---- */

enum input_kind {
	ONE_FILE, /* the file itself */
	TREE,     /* every file below the folder */
	ARCHIVE,  /* a static library: a thin one (meson's) by its objects, <name>.p/ */
	MATCHING, /* the files of the folder whose names start with prefix and end with suffix */
};

static const struct verdict_input {
	bool in_build; /* below the build folder, else below root */
	const char *path;
	enum input_kind kind;
	const char *prefix, *suffix;
} verdict_inputs[] = {
        {false, "problems.yaml", ONE_FILE, NULL, NULL},
        {false, "harness/problems", TREE, NULL, NULL},
        {false, "harness/emu", TREE, NULL, NULL},
        {false, "harness/runtime", TREE, NULL, NULL},
        {false, "reference", TREE, NULL, NULL},
        {true, "harness/runtime/libcjrt.a", ARCHIVE, NULL, NULL},
        {true, "harness/runtime/libcjrt_hosted.a", ARCHIVE, NULL, NULL},
        {true, "harness/runtime/cj-host-runner", ONE_FILE, NULL, NULL},
        {true, "harness/emu/libcjrt_emu.a", ARCHIVE, NULL, NULL},
        {true, "harness/runtime", MATCHING, "cj-runner-", ""},
        {true, "reference", MATCHING, "", ".cubin"},
};

/* The files of the list, each with the name it is hashed under: relative to
 * root or build, so that where the repository lies changes nothing. */
struct file_list {
	char **path, **name;
	size_t n, cap;
};

static void add_file(struct file_list *l, char *path, size_t base_len)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->path = xrealloc(l->path, l->cap * sizeof *l->path);
		l->name = xrealloc(l->name, l->cap * sizeof *l->name);
	}
	l->path[l->n] = path;
	l->name[l->n] = path + base_len;
	l->n++;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);
	return n >= k && !strcmp(s + n - k, suffix);
}

/* Regular files below dir in name order (or those matching prefix and
 * suffix, not descending, when prefix is given). */
static void add_folder(struct file_list *l, const char *dir, size_t base_len, const char *prefix,
                       const char *suffix, int depth)
{
	struct dirent **names = NULL;
	int n = scandir(dir, &names, NULL, alphasort);
	for (int i = 0; i < n; ++i) {
		const char *name = names[i]->d_name;
		char *path = xasprintf("%s/%s", dir, name);
		struct stat st;
		bool wanted = name[0] != '.' && lstat(path, &st) == 0;
		if (wanted && prefix)
			wanted = S_ISREG(st.st_mode) && !strncmp(name, prefix, strlen(prefix)) &&
			         ends_with(name, suffix);
		if (wanted && S_ISDIR(st.st_mode) && !prefix && depth < 8)
			add_folder(l, path, base_len, NULL, NULL, depth + 1);
		else if (wanted && S_ISREG(st.st_mode))
			add_file(l, xstrdup(path), base_len);
		free(path);
		free(names[i]);
	}
	free(names);
}

static bool thin_archive(const char *path)
{
	char magic[8] = "";
	FILE *f = fopen(path, "rb");
	bool thin = f && fread(magic, 1, sizeof magic, f) == sizeof magic &&
	            !memcmp(magic, "!<thin>\n", 8);
	if (f)
		fclose(f);
	return thin;
}

static void list_inputs(const char *root, const char *build, struct file_list *l)
{
	add_file(l, xstrdup("/proc/self/exe"), 0); /* the engine itself */
	for (size_t i = 0; i < sizeof verdict_inputs / sizeof verdict_inputs[0]; ++i) {
		const struct verdict_input *in = &verdict_inputs[i];
		const char *base = in->in_build ? build : root;
		size_t base_len = strlen(base) + 1;
		char *path = xasprintf("%s/%s", base, in->path);
		if (in->kind == TREE || in->kind == MATCHING) {
			add_folder(l, path, base_len, in->prefix, in->suffix, 0);
		} else if (in->kind == ARCHIVE && thin_archive(path)) {
			char *objects = xasprintf("%s.p", path);
			add_folder(l, objects, base_len, NULL, ".o", 0);
			free(objects);
		} else {
			add_file(l, path, base_len);
			continue;
		}
		free(path);
	}
}

static void file_list_free(struct file_list *l)
{
	for (size_t i = 0; i < l->n; ++i)
		free(l->path[i]);
	free(l->path);
	free(l->name);
}

/* Names and contents: what the fingerprint is. A missing file counts as one. */
static uint64_t hash_contents(const struct file_list *l)
{
	uint64_t h = FNV1A_OFFSET;
	for (size_t i = 0; i < l->n; ++i) {
		h = fnv1a(h, l->name[i], strlen(l->name[i]) + 1);
		size_t len = 0;
		char *data = read_file(l->path[i], &len);
		if (data)
			h = fnv1a(h, data, len);
		else
			len = (size_t)-1;
		h = fnv1a(h, &len, sizeof len);
		free(data);
	}
	return h;
}

/* Names, sizes, times and inodes: whether the contents may have changed. */
static uint64_t hash_stats(const struct file_list *l)
{
	uint64_t h = FNV1A_OFFSET;
	for (size_t i = 0; i < l->n; ++i) {
		struct stat st;
		memset(&st, 0, sizeof st);
		stat(l->path[i], &st);
		const long long words[] = {(long long)st.st_size, (long long)st.st_mtim.tv_sec,
		                           st.st_mtim.tv_nsec, (long long)st.st_ino,
		                           (long long)st.st_dev};
		h = fnv1a(h, l->path[i], strlen(l->path[i]) + 1);
		h = fnv1a(h, words, sizeof words);
	}
	return h;
}

uint64_t verdict_fingerprint(const char *root, const char *build, bool remember)
{
	struct file_list l = {0};
	list_inputs(root, build, &l);
	char *memo = remember ? xasprintf("%s/cache/fingerprint", build) : NULL;
	uint64_t stats = hash_stats(&l), fingerprint = 0;
	unsigned long long kept_stats = 0, kept = 0;
	char *text = memo ? read_file(memo, NULL) : NULL;
	bool known =
	        text && sscanf(text, "%llx %llx", &kept_stats, &kept) == 2 && kept_stats == stats;
	free(text);
	if (known) {
		fingerprint = kept;
	} else {
		fingerprint = hash_contents(&l);
		char *dir = memo ? xasprintf("%s/cache", build) : NULL;
		char *tmp = memo ? xasprintf("%s.%d", memo, (int)getpid()) : NULL;
		FILE *f = dir && make_dirs(dir) == 0 ? fopen(tmp, "w") : NULL;
		if (f) {
			bool ok = fprintf(f, "%016llx %016llx\n", (unsigned long long)stats,
			                  (unsigned long long)fingerprint) > 0;
			if (fclose(f) == 0 && ok)
				rename(tmp, memo);
			unlink(tmp);
		}
		free(dir);
		free(tmp);
	}
	free(memo);
	file_list_free(&l);
	return fingerprint;
}

int fingerprint_main(int argc, char **argv)
{
	const char *root = NULL, *build = NULL;
	for (int i = 0; i + 1 < argc; i += 2) {
		if (!strcmp(argv[i], "--root"))
			root = argv[i + 1];
		else if (!strcmp(argv[i], "--build"))
			build = argv[i + 1];
		else
			root = build = NULL, i = argc;
	}
	if (!root || !build || argc % 2)
		die("usage: cudajudge fingerprint --root DIR --build DIR");
	printf("%016llx\n", (unsigned long long)verdict_fingerprint(root, build, false));
	return 0;
}

uint64_t hash_tree(uint64_t h, const char *dir)
{
	struct file_list l = {0};
	add_folder(&l, dir, strlen(dir) + 1, NULL, NULL, 0);
	uint64_t files = hash_contents(&l);
	file_list_free(&l);
	return fnv1a(h, &files, sizeof files);
}

/* ---- the learner's file and what it includes ---- */

#define INCLUDE_HASH_MAX_BYTES ((off_t)16 << 20)

char *judge_include(const char *root, const char *from_dir, const char *name)
{
	if (name[0] == '/')
		return access(name, R_OK) == 0 ? xstrdup(name) : NULL;
	char *bases[] = {xstrdup(from_dir), xasprintf("%s/harness/runtime", root),
	                 xasprintf("%s/harness/problems", root)};
	char *found = NULL;
	for (int b = 0; b < 3; ++b) {
		char *cand = xasprintf("%s/%s", bases[b], name);
		if (!found && access(cand, R_OK) == 0)
			found = cand;
		else
			free(cand);
		free(bases[b]);
	}
	return found;
}

/* Hashes `path`'s content and, recursively, every file its #include "..."
 * lines name that exists (from the including file's folder, then the judge's
 * include folders), at most `budget` files. */
static uint64_t hash_includes_of(uint64_t h, const char *path, const char *root, int depth,
                                 int *budget)
{
	/* Only regular files of a sane size are read: `#include "/dev/zero"` (or a
	 * FIFO) would never end, and its compile fails anyway. Such a file makes
	 * the key unique, so nothing is taken from a cache for it. */
	struct stat st;
	if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > INCLUDE_HASH_MAX_BYTES) {
		double t = now_s();
		h = fnv1a(h, path, strlen(path) + 1);
		return fnv1a(h, &t, sizeof t);
	}
	size_t len = 0;
	char *text = read_file(path, &len);
	if (!text)
		return fnv1a(h, path, strlen(path) + 1);
	h = fnv1a(h, text, len);
	if (depth > 16 || --*budget < 0) {
		free(text);
		return h;
	}
	char *dir = xstrdup(path);
	char *slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	for (char *p = text; p && *p;) {
		char *eol = strchr(p, '\n');
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			++q;
		if (*q == '#') {
			++q;
			while (*q == ' ' || *q == '\t')
				++q;
			if (!strncmp(q, "include", 7)) {
				q += 7;
				while (*q == ' ' || *q == '\t')
					++q;
				const char *end = *q == '"' ? strchr(q + 1, '"') : NULL;
				if (*q == '"' && end && (!eol || end < eol)) {
					char *name = xasprintf("%.*s", (int)(end - q - 1), q + 1);
					char *found = judge_include(root, dir, name);
					if (found)
						h = hash_includes_of(h, found, root, depth + 1,
						                     budget);
					free(found);
					free(name);
				} else if (*q != '<') {
					/* #include MACRO: what it names is not known here */
					double t = now_s();
					h = fnv1a(h, &t, sizeof t);
				}
			}
		}
		p = eol ? eol + 1 : NULL;
	}
	free(dir);
	free(text);
	return h;
}

uint64_t hash_learner_sources(uint64_t h, const char *source, const char *root)
{
	int budget = 256;
	return hash_includes_of(h, source, root, 0, &budget);
}

uint64_t build_key(const struct build_paths *p, const char *id, const char *source,
                   const char *variant)
{
	/* the same root and build throughout a judgement: found once */
	static uint64_t fingerprint;
	static bool found;
	if (!found && p->build) {
		fingerprint = verdict_fingerprint(p->root, p->build, true);
		found = true;
	}
	uint64_t h = fnv1a(FNV1A_OFFSET, &fingerprint, sizeof fingerprint);
	const char *words[] = {variant, id, source, p->nvcc ? p->nvcc : "-", p->cxx ? p->cxx : "-"};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; ++i)
		h = fnv1a(h, words[i], strlen(words[i]) + 1);
	return hash_learner_sources(h, source, p->root);
}

/* ---- kept builds ---- */

char *kept_build_path(const struct build_paths *p, const char *kind, const char *id, uint64_t key)
{
	if (!p->build)
		return NULL;
	return xasprintf("%s/cache/%s/%s-%016llx", p->build, kind, id, (unsigned long long)key);
}

int copy_kept_file(const char *from, const char *to)
{
	size_t len = 0;
	char *data = read_file(from, &len);
	struct stat st;
	if (!data || stat(from, &st) != 0) {
		free(data);
		return -1;
	}
	char *tmp = xasprintf("%s.tmp%d", to, (int)getpid());
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, st.st_mode & 0777);
	int rc = fd >= 0 && write(fd, data, len) == (ssize_t)len ? 0 : -1;
	if (fd >= 0 && close(fd) != 0)
		rc = -1;
	if (rc == 0 && rename(tmp, to) != 0)
		rc = -1;
	if (rc)
		unlink(tmp);
	free(tmp);
	free(data);
	return rc;
}

bool kept_build_take(const char *kept, const char *const names[], const char *const to[],
                     struct build_result *res)
{
	double t = now_s();
	res->log = NULL;
	if (!kept)
		return false;
	char *log_path = xasprintf("%s/log", kept);
	char *text = read_file(log_path, NULL);
	free(log_path);
	bool ok = text != NULL;
	for (int i = 0; ok && names[i]; ++i) {
		char *from = xasprintf("%s/%s", kept, names[i]);
		ok = copy_kept_file(from, to[i]) == 0;
		free(from);
	}
	if (!ok) {
		free(text);
		return false;
	}
	utimensat(AT_FDCWD, kept, NULL, 0); /* used now: not forgotten for a day */
	res->log = text;
	res->cached = true;
	res->compile_s = now_s() - t;
	return true;
}

void kept_build_keep(const char *kept, const char *const names[], const char *const from[],
                     const char *log)
{
	if (!kept)
		return;
	/* Made under a name of this process's own, then renamed into place: two
	 * judgements keeping the same build each leave a whole one. */
	char *tmp = xasprintf("%s.tmp%d", kept, (int)getpid());
	remove_tree(tmp);
	bool ok = make_dirs(tmp) == 0;
	for (int i = 0; ok && names[i]; ++i) {
		char *to = xasprintf("%s/%s", tmp, names[i]);
		ok = copy_kept_file(from[i], to) == 0;
		free(to);
	}
	char *log_path = xasprintf("%s/log", tmp);
	FILE *f = ok ? fopen(log_path, "w") : NULL;
	ok = f && fputs(log, f) >= 0;
	if (f && fclose(f) != 0)
		ok = false;
	free(log_path);
	if (!ok || rename(tmp, kept) != 0)
		remove_tree(tmp);
	free(tmp);
	char *dir = xstrdup(kept);
	char *slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		forget_unused(dir, "", slash + 1, 86400);
	}
	free(dir);
}

void forget_unused(const char *dir, const char *prefix, const char *keep, double age_s)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	time_t now = time(NULL);
	while (d && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || strncmp(e->d_name, prefix, strlen(prefix)) != 0 ||
		    !strncmp(e->d_name, keep, strlen(keep)))
			continue;
		char *path = xasprintf("%s/%s", dir, e->d_name);
		struct stat st;
		bool unused = lstat(path, &st) == 0 && now - st.st_atime > age_s &&
		              now - st.st_mtime > age_s;
		if (unused && S_ISDIR(st.st_mode))
			remove_tree(path);
		else if (unused)
			unlink(path);
		free(path);
	}
	if (d)
		closedir(d);
}
