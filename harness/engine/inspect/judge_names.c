/* Names of the judge's code a learner's file would change; see judge_names.h. */
#include "judge_names.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/cache.h"
#include "problem.h"
#include "c_lexer.h"
#include "report/texts.h"
#include "util.h"

/* The macro name of the #define or #undef whose # is ts->v[i], or NULL. */
static const struct c_token *defined_name(const struct c_tokens *ts, size_t i)
{
	const struct c_token *t = &ts->v[i];
	if (!(t->bol && t->directive && c_tok_is(t, "#")) || i + 2 >= ts->n)
		return NULL;
	if ((!c_tok_is(&t[1], "define") && !c_tok_is(&t[1], "undef")) || t[1].bol || t[2].bol ||
	    t[2].kind != C_IDENT)
		return NULL;
	return &t[2];
}

/* `namespace std` at ts->v[i]. */
static bool namespace_std(const struct c_tokens *ts, size_t i)
{
	return i + 1 < ts->n && ts->v[i].kind == C_IDENT && c_tok_is(&ts->v[i], "namespace") &&
	       c_tok_is(&ts->v[i + 1], "std");
}

#define GLUE_HEADERS_MAX 32

/* Appends to b the text of `path` and of every judge's header it includes
 * (#include "name", found on the judge's include path: build/cache.h), each
 * once: the glue's code is its own text and that of the shared headers
 * (common/...) it is made of. */
static void add_glue_text(struct strbuf *b, const char *root, const char *path, char **seen,
                          int *nseen)
{
	for (int i = 0; i < *nseen; ++i)
		if (!strcmp(seen[i], path))
			return;
	size_t n = 0;
	char *text = *nseen < GLUE_HEADERS_MAX ? read_file(path, &n) : NULL;
	if (!text)
		return;
	seen[(*nseen)++] = xstrdup(path);
	sb_add(b, text, n);
	sb_puts(b, "\n");
	struct c_tokens ts;
	c_tokens_read(&ts, text, n, 0);
	for (size_t i = 0; i < ts.n; ++i) {
		const struct c_token *t = &ts.v[i];
		if (t->kind != C_HEADER || t->len < 2 || t->at[0] != '"')
			continue;
		char *name = xasprintf("%.*s", (int)(t->len - 2), t->at + 1);
		char *dir = xstrdup(path);
		char *slash = strrchr(dir, '/');
		if (slash)
			*slash = '\0';
		char *found = judge_include(root, dir, name);
		if (found)
			add_glue_text(b, root, found, seen, nseen);
		free(found);
		free(dir);
		free(name);
	}
	c_tokens_free(&ts);
	free(text);
}

/* The glue of exercise `id` with the judge's headers it includes; NULL when
 * the glue cannot be read. */
static char *glue_text(const char *root, const char *id)
{
	char *glue_path = problem_glue_path(root, id);
	char *seen[GLUE_HEADERS_MAX];
	int nseen = 0;
	struct strbuf b = {0};
	add_glue_text(&b, root, glue_path, seen, &nseen);
	free(glue_path);
	for (int i = 0; i < nseen; ++i)
		free(seen[i]);
	return nseen ? sb_take(&b) : NULL;
}

int learner_changes_glue(const char *root, const char *id, const char *source, char *name,
                         size_t len)
{
	char *text = read_file(source, NULL);
	char *glue = glue_text(root, id);
	int found = 0;
	struct c_tokens ts;
	c_tokens_read(&ts, text ? text : "", text ? strlen(text) : 0, 0);
	for (size_t i = 0; i < ts.n && !found; ++i) {
		const struct c_token *m = defined_name(&ts, i);
		if (namespace_std(&ts, i)) {
			snprintf(name, len, "%s", text_of(T_word_namespace_std));
			found = ts.v[i].line;
		} else if (m && glue) {
			char *word = c_tok_text(m);
			if (c_first_identifier_line(glue, word) > 0) {
				snprintf(name, len, "%s", word);
				found = ts.v[i].line;
			}
			free(word);
		}
	}
	c_tokens_free(&ts);
	free(glue);
	free(text);
	return found;
}

int learner_redefines_judge_name(const char *text, char *name, size_t len)
{
	static const char *const keywords[] = {
	        "__global__",  "__device__",        "__host__",      "__shared__", "__constant__",
	        "__managed__", "__launch_bounds__", "__attribute__", "extern",     NULL};
	int found = 0;
	struct c_tokens ts;
	c_tokens_read(&ts, text, strlen(text), 0);
	for (size_t i = 0; i < ts.n && !found; ++i) {
		const struct c_token *m = defined_name(&ts, i);
		if (!m)
			continue;
		char *word = c_tok_text(m);
		bool judge =
		        strlen(word) > 3 && (!strncmp(word, "cj_", 3) || !strncmp(word, "CJ_", 3));
		for (int k = 0; keywords[k] && !judge; ++k)
			judge = !strcmp(word, keywords[k]);
		if (judge) {
			snprintf(name, len, "%s", word);
			found = ts.v[i].line;
		}
		free(word);
	}
	c_tokens_free(&ts);
	return found;
}
