/* Running build tools and reading their messages; see compiler.h. */
#include "build/compiler.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "host_code.h"
#include "report/lang.h"
#include "report/texts.h"
#include "run/supervise.h"
#include "util.h"

/* True when the line starts with "path(digits): " where path has no spaces. */
static bool nvcc_location(const char *line, size_t len, size_t *open, size_t *close)
{
	size_t i = 0;
	while (i < len && line[i] != '(' && line[i] != ' ')
		++i;
	if (i == 0 || i >= len || line[i] != '(')
		return false;
	size_t j = i + 1;
	while (j < len && isdigit((unsigned char)line[j]))
		++j;
	if (j == i + 1 || j + 2 > len || line[j] != ')' || line[j + 1] != ':')
		return false;
	*open = i;
	*close = j;
	return true;
}

char *rewrite_compiler_log(const char *log, const char *root)
{
	struct strbuf out = {0};
	char *prefix = xasprintf("%s/", root);
	size_t plen = strlen(prefix);
	for (const char *line = log; *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line);
		struct strbuf l = {0};
		/* Strip the root wherever it appears on the line. */
		for (size_t i = 0; i < len;) {
			if (len - i >= plen && !strncmp(line + i, prefix, plen)) {
				i += plen;
				continue;
			}
			sb_add(&l, line + i, 1);
			++i;
		}
		char *s = sb_take(&l);
		size_t open, close;
		/* nvcc's own summary line names the glue file, not the learner's. */
		if (strstr(s, "detected in the compilation of")) {
			free(s);
		} else if (nvcc_location(s, strlen(s), &open, &close)) {
			sb_add(&out, s, open);
			sb_puts(&out, ":");
			sb_add(&out, s + open + 1, close - open - 1);
			sb_puts(&out, s + close + 1);
			sb_puts(&out, "\n");
			free(s);
		} else {
			sb_puts(&out, s);
			sb_puts(&out, "\n");
			free(s);
		}
		line += len + (end ? 1 : 0);
	}
	free(prefix);
	return sb_take(&out);
}

static const struct run_limits tool_limits = {
        .wall_s = 300, .output_keep = 256 * 1024, .output_kill = 64 << 20};

int run_tool(char **argv, char **log, double *seconds)
{
	struct run_result r;
	if (run_supervised(argv, -1, &tool_limits, &r) != 0) {
		*log = xstrdup(r.error);
		return -1;
	}
	*seconds = r.wall_s;
	if (r.end == RUN_NOT_STARTED) {
		*log = xstrdup(r.error);
		run_result_free(&r);
		return -1;
	}
	*log = r.output;
	r.output = NULL;
	if (r.end == RUN_MEMORY || r.end == RUN_TIMED_OUT) {
		/* What it was given to compile made it grow or run without end
		 * (#include "/dev/zero"): the file's doing, a CE. */
		char *more = say_alloc(r.end == RUN_TIMED_OUT ? T_compiler_stopped_time
		                                              : T_compiler_stopped_memory,
		                       FIELDS(F_STR("log", *log)));
		free(*log);
		*log = more;
		return 1;
	}
	if (r.end != RUN_EXITED) {
		char *more = say_alloc(r.end == RUN_TIMED_OUT ? T_tool_stopped_time : T_tool_killed,
		                       FIELDS(F_STR("log", *log), F_STR("tool", argv[0])));
		free(*log);
		*log = more;
		return -1;
	}
	return r.exit_code == 0 ? 0 : 1;
}

void compile_and_link(const struct build_paths *p, char **cc_argv, char **ld_argv,
                      bool compile_only, struct build_result *res)
{
	char *raw = NULL;
	int rc = run_tool(cc_argv, &raw, &res->compile_s);
	res->log = rewrite_compiler_log(raw, p->root);
	free(raw);
	if (rc != 0) {
		res->status = rc < 0 ? BUILD_TOOL_FAILED : BUILD_COMPILE_FAILED;
		return;
	}
	if (compile_only)
		return;
	rc = run_tool(ld_argv, &raw, &res->link_s);
	char *link_log = rewrite_compiler_log(raw, p->root);
	free(raw);
	char *both = xasprintf("%s%s", res->log, link_log);
	free(res->log);
	free(link_log);
	res->log = both;
	res->status = rc < 0 ? BUILD_TOOL_FAILED : rc > 0 ? BUILD_LINK_FAILED : BUILD_OK;
}

void build_refuse(struct build_result *res, char *text)
{
	char *both = xasprintf("%s%s", res->log ? res->log : "", text);
	free(res->log);
	free(text);
	res->log = both;
	res->status = BUILD_COMPILE_FAILED;
	res->host_code = true;
}

/* Writes `deps` as a compiler's depfile: "target: file file ...". */
static int write_deps(const char *target, const char *deps, const struct entered_files *e)
{
	struct strbuf b = {0};
	sb_printf(&b, "%s:", target);
	for (size_t i = 0; i < e->n; ++i)
		sb_printf(&b, " \\\n %s", e->name[i]);
	sb_puts(&b, "\n");
	char *out = sb_take(&b);
	FILE *f = fopen(deps, "w");
	int rc = f && fputs(out, f) >= 0 ? 0 : -1;
	if (f && fclose(f) != 0)
		rc = -1;
	free(out);
	return rc;
}

/* The files the preprocessed source at path `ii` read; e->read false when it
 * cannot be read. */
static void entered_of(const char *ii, struct entered_files *e)
{
	char *text = read_file(ii, NULL);
	if (text)
		ii_entered_files(text, e);
	else
		memset(e, 0, sizeof *e);
	free(text);
}

int deps_from_preprocessed(const char *ii, const char *target, const char *deps)
{
	struct entered_files e;
	entered_of(ii, &e);
	int rc = e.read ? write_deps(target, deps, &e) : -1;
	entered_files_free(&e);
	return rc;
}

void build_keep_entered(const struct entered_files *e, const char *ii, const char *target,
                        const char *deps, struct build_result *res)
{
	if (res->status != BUILD_OK || (e->read && write_deps(target, deps, e) == 0))
		return;
	char *said = say_alloc(T_file_not_read, FIELDS(F_STR("file", e->read ? deps : ii),
	                                               F_STR("error", strerror(errno))));
	char *both = xasprintf("%s%s", res->log ? res->log : "", said);
	free(res->log);
	free(said);
	res->log = both;
	res->status = BUILD_TOOL_FAILED;
}

void build_keep_deps(const char *ii, const char *target, const char *deps, struct build_result *res)
{
	if (res->status != BUILD_OK)
		return;
	struct entered_files e;
	entered_of(ii, &e);
	build_keep_entered(&e, ii, target, deps, res);
	entered_files_free(&e);
}

char *build_used_reference(const char *workdir, const char *root, const char *source)
{
	char *path = xasprintf("%s/tu.d", workdir);
	char *deps = read_file(path, NULL);
	free(path);
	if (!deps)
		return NULL;
	char *folder = xasprintf("%s/reference/", root), *found = NULL;
	char own[PATH_MAX];
	if (!realpath(source, own))
		snprintf(own, sizeof own, "%s", source);
	/* "target : dep dep \\\n dep ...": every word but the target and ':'. */
	char *save = NULL;
	for (char *w = strtok_r(deps, " \t\n\\", &save); w && !found;
	     w = strtok_r(NULL, " \t\n\\", &save)) {
		char real[PATH_MAX];
		if (!strcmp(w, ":") || !realpath(w, real))
			continue;
		if (!strncmp(real, folder, strlen(folder)) && strcmp(real, own) != 0)
			found = xstrdup(relative_to(real, root));
	}
	free(folder);
	free(deps);
	return found;
}
