/*
 * The one list of exercises, harness/problems/exercises.txt, against every
 * place that must agree with it: the registry compiled into the engine
 * (generated from the list, so this catches a cases.c whose struct problem
 * names another id), problems.yaml, each exercise's folder (cases.c,
 * glue.cuh, layout.h, both including the layout; a host-driven glue defines
 * cj_host_run, any other cj_launch, itself or in a common/ header it
 * includes), templates/, exercises/ (every template's learner copy),
 * reference/ and tests/submissions/. Each disagreement is one line that names the exercise
 * and where it is missing, and all of them are printed.
 *   test_exercises ROOT
 */
#include <dirent.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/catalog.h"
#include "problem.h"
#include "unit.h"
#include "util.h"

static const char *repo; /* argv[1] */

/* Appends one line to out and counts it. */
__attribute__((format(printf, 3, 4))) static void say(struct strbuf *out, int *n, const char *fmt,
                                                      ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof line, fmt, ap);
	va_end(ap);
	sb_puts(out, line);
	sb_puts(out, "\n");
	++*n;
}

/* Ids, each with whether it is host-driven (where the source says). */
struct ids {
	char *id[256];
	bool host[256];
	size_t n;
};

static void ids_add(struct ids *s, const char *id, bool host)
{
	if (s->n < sizeof s->id / sizeof s->id[0]) {
		s->id[s->n] = xstrdup(id);
		s->host[s->n++] = host;
	}
}

static int ids_find(const struct ids *s, const char *id)
{
	for (size_t i = 0; i < s->n; ++i)
		if (!strcmp(s->id[i], id))
			return (int)i;
	return -1;
}

static void ids_free(struct ids *s)
{
	for (size_t i = 0; i < s->n; ++i)
		free(s->id[i]);
	s->n = 0;
}

/* exercises.txt as meson reads it (harness/problems/meson.build): `#` starts
 * a comment, then an id and optionally `host-driven`. */
static void read_list(const char *text, struct ids *out)
{
	char *copy = xstrdup(text), *save = NULL;
	for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *hash = strchr(line, '#');
		if (hash)
			*hash = '\0';
		char *word_save = NULL;
		char *id = strtok_r(line, " \t\r", &word_save);
		char *mark = id ? strtok_r(NULL, " \t\r", &word_save) : NULL;
		if (id)
			ids_add(out, id, mark && !strcmp(mark, "host-driven"));
	}
	free(copy);
}

/* What each place holds, for one comparison. */
struct places {
	const char *root;
	struct ids listed;     /* exercises.txt */
	struct ids registered; /* the registry compiled into the engine */
	struct ids catalog;    /* problems.yaml */
};

static bool exists_under(const char *root, const char *dir, const char *name, const char *suffix,
                         bool folder)
{
	char *path = xasprintf("%s/%s/%s%s", root, dir, name, suffix);
	struct stat st;
	bool there = stat(path, &st) == 0 && (folder ? S_ISDIR(st.st_mode) : S_ISREG(st.st_mode));
	free(path);
	return there;
}

static bool file_says(const char *root, const char *id, const char *file, const char *words)
{
	char *path = xasprintf("%s/harness/problems/%s/%s", root, id, file);
	char *text = read_file(path, NULL);
	bool says = text && strstr(text, words);
	free(text);
	free(path);
	return says;
}

/* True when `text` has a line that starts with `def` after its indent (a
 * definition such as "void cj_launch(", written at the start of its line or
 * of a macro's line). */
static bool defines(const char *text, const char *def)
{
	for (const char *p = text; p; p = strchr(p, '\n')) {
		p += *p == '\n';
		p += strspn(p, " \t");
		if (!strncmp(p, def, strlen(def)))
			return true;
	}
	return false;
}

/* True when the glue of `id`, or a shared header it includes
 * (#include "common/..."), defines `def`: exercises that share their launch
 * keep it in common/. */
static bool glue_defines(const char *root, const char *id, const char *def)
{
	char *path = xasprintf("%s/harness/problems/%s/glue.cuh", root, id);
	char *text = read_file(path, NULL);
	free(path);
	bool says = text && defines(text, def);
	static const char inc[] = "#include \"common/";
	for (const char *p = text; p && !says; p = strchr(p, '\n')) {
		p += *p == '\n';
		const char *end = strncmp(p, inc, strlen(inc)) ? NULL : strchr(p + 10, '"');
		if (!end)
			continue;
		char *header =
		        xasprintf("%s/harness/problems/%.*s", root, (int)(end - p - 10), p + 10);
		char *shared = read_file(header, NULL);
		says = shared && defines(shared, def);
		free(shared);
		free(header);
	}
	free(text);
	return says;
}

/* One line per file of `dir` ending in `suffix` (per folder when suffix is
 * NULL) that belongs to no listed exercise; `skip` is not one. */
static void strays(const struct places *p, const char *dir, const char *suffix, const char *skip,
                   struct strbuf *out, int *n)
{
	char *path = xasprintf("%s/%s", p->root, dir);
	DIR *d = opendir(path);
	free(path);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (e->d_name[0] == '.' || (skip && !strcmp(e->d_name, skip)))
			continue;
		size_t len = strlen(e->d_name), sl = suffix ? strlen(suffix) : 0;
		if (suffix && (len <= sl || strcmp(e->d_name + len - sl, suffix) != 0))
			continue;
		if (!suffix && !exists_under(p->root, dir, e->d_name, "", true))
			continue;
		char *id = xasprintf("%.*s", (int)(len - sl), e->d_name);
		if (ids_find(&p->listed, id) < 0) {
			say(out, n,
			    "%s/%s belongs to no exercise of harness/problems/exercises.txt", dir,
			    e->d_name);
		}
		free(id);
	}
	if (d)
		closedir(d);
}

/* Every disagreement, one line each, into out; returns how many. */
static int disagreements(const struct places *p, struct strbuf *out)
{
	int n = 0;
	static const struct {
		const char *dir, *suffix;
		bool folder;
	} needed[] = {
	        {"harness/problems", "/cases.c", false},
	        {"harness/problems", "/glue.cuh", false},
	        {"harness/problems", "/layout.h", false},
	        {"templates", ".cu", false},
	        {"exercises", ".cu", false},
	        {"reference", ".cu", false},
	        {"tests/submissions", "", true},
	};
	for (size_t i = 0; i < p->listed.n; ++i) {
		const char *id = p->listed.id[i];
		bool host = p->listed.host[i];
		int r = ids_find(&p->registered, id);
		if (r < 0)
			say(out, &n,
			    "%s: not in the engine's registry (its cases.c must define %s_problem "
			    "with .id = \"%s\")",
			    id, id, id);
		else if (p->registered.host[r] != host)
			say(out, &n, "%s: the registry says %shost-driven, exercises.txt %s", id,
			    p->registered.host[r] ? "" : "not ", host ? "does" : "does not");
		if (ids_find(&p->catalog, id) < 0)
			say(out, &n, "%s: no entry in problems.yaml", id);
		for (size_t k = 0; k < sizeof needed / sizeof needed[0]; ++k)
			if (!exists_under(p->root, needed[k].dir, id, needed[k].suffix,
			                  needed[k].folder))
				say(out, &n, "%s: missing %s/%s%s", id, needed[k].dir, id,
				    needed[k].suffix);
		char *layout = xasprintf("#include \"%s/layout.h\"", id);
		if (exists_under(p->root, "harness/problems", id, "/glue.cuh", false)) {
			if (!file_says(p->root, id, "glue.cuh", layout))
				say(out, &n, "%s: glue.cuh does not %s", id, layout);
			const char *entry = host ? "cj_host_run(" : "cj_launch(";
			const char *def = host ? "cudaError_t cj_host_run(" : "void cj_launch(";
			if (!glue_defines(p->root, id, def))
				say(out, &n,
				    "%s: glue.cuh (or the common/ header it includes) defines no "
				    "%s) "
				    "although exercises.txt says it is %shost-driven",
				    id, entry, host ? "" : "not ");
		}
		free(layout);
		if (exists_under(p->root, "harness/problems", id, "/cases.c", false) &&
		    !file_says(p->root, id, "cases.c", "#include \"layout.h\""))
			say(out, &n, "%s: cases.c does not #include \"layout.h\"", id);
	}
	for (size_t i = 0; i < p->registered.n; ++i)
		if (ids_find(&p->listed, p->registered.id[i]) < 0)
			say(out, &n, "%s: in the engine's registry but not in exercises.txt",
			    p->registered.id[i]);
	for (size_t i = 0; i < p->catalog.n; ++i)
		if (ids_find(&p->listed, p->catalog.id[i]) < 0)
			say(out, &n,
			    "%s: in problems.yaml but not in harness/problems/exercises.txt",
			    p->catalog.id[i]);
	strays(p, "harness/problems", NULL, "common", out, &n);
	strays(p, "templates", ".cu", NULL, out, &n);
	strays(p, "exercises", ".cu", NULL, out, &n);
	strays(p, "reference", ".cu", NULL, out, &n);
	strays(p, "tests/submissions", NULL, NULL, out, &n);
	return n;
}

static void test_the_repository_agrees(void)
{
	struct places p = {.root = repo};
	char *list_path = xasprintf("%s/harness/problems/exercises.txt", repo);
	char *list = read_file(list_path, NULL);
	CHECK_MSG(list != NULL, "cannot read %s", list_path);
	read_list(list ? list : "", &p.listed);
	for (int i = 0; all_problems[i]; ++i)
		ids_add(&p.registered, all_problems[i]->id,
		        problem_is_host_driven(all_problems[i]->id));
	for (int i = 0; host_driven_problems[i]; ++i)
		CHECK_MSG(problem_find(host_driven_problems[i]) != NULL,
		          "the registry's host-driven %s has no harness", host_driven_problems[i]);
	struct catalog cat;
	char err[1024];
	char *yaml = xasprintf("%s/problems.yaml", repo);
	CHECK_MSG(catalog_load(yaml, "problems.yaml", &cat, err, sizeof err) == 0, "%s", err);
	for (size_t i = 0; i < cat.n; ++i)
		ids_add(&p.catalog, cat.entries[i].id, false);
	CHECK_INT(p.listed.n, >, 20);
	struct strbuf out = {0};
	int n = disagreements(&p, &out);
	char *text = sb_take(&out);
	CHECK_MSG(n == 0, "%d disagreements:\n%s", n, text);
	free(text);
	catalog_free(&cat);
	ids_free(&p.listed);
	ids_free(&p.registered);
	ids_free(&p.catalog);
	free(yaml);
	free(list);
	free(list_path);
}

static void write_text(const char *dir, const char *name, const char *text)
{
	make_dirs(dir);
	char *path = xasprintf("%s/%s", dir, name);
	unit_write_file(path, text);
	free(path);
}

/* A made-up repository with one complete exercise (alpha) and mistakes
 * around it: every one is named, with its exercise and place. */
static void test_each_disagreement_names_the_exercise_and_the_place(void)
{
	char tmpl[] = "/tmp/cj-exercises-XXXXXX";
	char *dir = mkdtemp(tmpl);
	CHECK(dir != NULL);
	if (!dir)
		return;
	char *alpha = xasprintf("%s/harness/problems/alpha", dir);
	write_text(alpha, "cases.c", "#include \"layout.h\"\n");
	/* alpha's launch is a shared header's, as exercises that share it have it */
	write_text(alpha, "glue.cuh",
	           "#include \"alpha/layout.h\"\n// cj_launch( is not a definition\n"
	           "#include \"common/launch.cuh\"\n");
	write_text(alpha, "layout.h", "\n");
	char *common = xasprintf("%s/harness/problems/common", dir);
	write_text(common, "launch.cuh", "void cj_launch(void) {}\n");
	char *beta = xasprintf("%s/harness/problems/beta", dir);
	write_text(beta, "cases.c", "\n");
	write_text(beta, "glue.cuh", "#include \"beta/layout.h\"\nvoid cj_launch(void);\n");
	char *folders[] = {xasprintf("%s/templates", dir), xasprintf("%s/exercises", dir),
	                   xasprintf("%s/reference", dir)};
	for (int i = 0; i < 3; ++i)
		write_text(folders[i], "alpha.cu", "\n");
	write_text(folders[0], "beta.cu", "\n");
	write_text(folders[0], "gamma.cu", "\n");
	char *corpus = xasprintf("%s/tests/submissions/alpha/accepted", dir);
	write_text(corpus, "a.cu", "\n");

	struct places p = {.root = dir};
	read_list("# a comment\nalpha\n\nbeta host-driven # linked\n", &p.listed);
	ids_add(&p.registered, "alpha", false);
	ids_add(&p.registered, "beta", false);
	ids_add(&p.registered, "delta", false);
	ids_add(&p.catalog, "alpha", false);
	ids_add(&p.catalog, "epsilon", false);
	CHECK_INT(p.listed.n, ==, 2);
	CHECK(p.listed.host[1]);
	struct strbuf out = {0};
	int n = disagreements(&p, &out);
	char *text = sb_take(&out);
	static const char *const expected[] = {
	        "beta: the registry says not host-driven, exercises.txt does\n",
	        "beta: no entry in problems.yaml\n",
	        "beta: missing harness/problems/beta/layout.h\n",
	        "beta: missing exercises/beta.cu\n",
	        "beta: missing reference/beta.cu\n",
	        "beta: missing tests/submissions/beta\n",
	        "beta: glue.cuh (or the common/ header it includes) defines no cj_host_run() "
	        "although exercises.txt says it is host-driven\n",
	        "beta: cases.c does not #include \"layout.h\"\n",
	        "delta: in the engine's registry but not in exercises.txt\n",
	        "epsilon: in problems.yaml but not in harness/problems/exercises.txt\n",
	        "templates/gamma.cu belongs to no exercise of harness/problems/exercises.txt\n",
	};
	for (size_t i = 0; i < sizeof expected / sizeof expected[0]; ++i)
		CHECK_CONTAINS(text, expected[i]);
	CHECK_MSG(!strstr(text, "alpha"), "alpha is complete, yet: %s", text);
	CHECK_INT(n, ==, (int)(sizeof expected / sizeof expected[0]));
	free(text);
	ids_free(&p.listed);
	ids_free(&p.registered);
	ids_free(&p.catalog);
	remove_tree(dir);
	for (int i = 0; i < 3; ++i)
		free(folders[i]);
	free(alpha);
	free(beta);
	free(common);
	free(corpus);
}

static const struct unit_test tests[] = {{"the repository agrees", test_the_repository_agrees},
                                         {"each disagreement names the exercise and the place",
                                          test_each_disagreement_names_the_exercise_and_the_place},
                                         {0}};

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: test_exercises ROOT [TEST...]\n");
		return 2;
	}
	int own = unit_arguments(argc, argv, UNIT_OWN(&repo));
	return unit_main_after(tests, own, argc, argv);
}
