/*
 * The device-only check of a learner's module (docs/trusted-runner.md): the
 * reader of nvcc's preprocessed source that finds host code in the learner's
 * lines, and the exercise's kind (host-driven or not). The rest of building
 * is in build/; this part moves to inspect/ with the one lexer of C/CUDA text.
 */
#include "compile.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/compiler.h"
#include "report/lang.h"
#include "util.h"

/* The name the check below gives build_refuse. */
static void refuse(struct build_result *res, char *text)
{
	build_refuse(res, text);
}

/* ------------------------------------------------------------------------
 * Device-only modules (docs/trusted-runner.md)
 * ------------------------------------------------------------------------ */

bool glue_is_host_driven(const char *root, const char *id)
{
	char *glue = xasprintf("%s/harness/problems/%s.cuh", root, id);
	char *text = read_file(glue, NULL);
	free(glue);
	bool host = text && strstr(text, "cj_host_run(") != NULL;
	free(text);
	return host;
}

/* A token of nvcc's preprocessed output, with the file and line it came from. */
struct ii_lexer {
	const char *s;
	const char *file; /* points into the text: the last line marker's name */
	size_t file_len;
	int line;
	bool at_line_start;
};

enum { TOK_END, TOK_IDENT, TOK_STRING, TOK_PUNCT, TOK_OTHER };

struct ii_token {
	int kind;
	const char *at;
	size_t len;
	const char *file;
	size_t file_len;
	int line;
};

static void ii_next(struct ii_lexer *x, struct ii_token *t)
{
	for (;;) {
		const char *s = x->s;
		if (!*s) {
			t->kind = TOK_END;
			return;
		}
		if (*s == '\n') {
			x->line++;
			x->at_line_start = true;
			x->s++;
			continue;
		}
		if (isspace((unsigned char)*s)) {
			x->s++;
			continue;
		}
		if (*s == '#' && x->at_line_start) {
			/* "# 12 "file" flags": a line marker; any other directive (#pragma)
			 * is skipped to the end of its line. */
			const char *p = s + 1;
			while (*p == ' ')
				++p;
			if (isdigit((unsigned char)*p)) {
				int line = atoi(p);
				const char *q = strchr(p, '"');
				const char *eol = strchr(p, '\n');
				if (q && (!eol || q < eol)) {
					const char *e = strchr(q + 1, '"');
					if (e && (!eol || e < eol)) {
						x->file = q + 1;
						x->file_len = (size_t)(e - q - 1);
					}
				}
				x->line = line - 1; /* the newline ending the marker counts */
			}
			const char *eol = strchr(s, '\n');
			x->s = eol ? eol : s + strlen(s);
			continue;
		}
		x->at_line_start = false;
		t->at = s;
		t->file = x->file;
		t->file_len = x->file_len;
		t->line = x->line;
		if (isalpha((unsigned char)*s) || *s == '_') {
			while (isalnum((unsigned char)*s) || *s == '_')
				++s;
			if ((*s == '"' || *s == '\'') && s - t->at <= 3) { /* u8"", L'' prefixes */
				x->s = s;
				continue;
			}
			t->kind = TOK_IDENT;
		} else if (*s == '"' || *s == '\'') {
			char q = *s++;
			while (*s && *s != q && *s != '\n') {
				if (*s == '\\' && s[1])
					++s;
				++s;
			}
			if (*s == q)
				++s;
			t->kind = TOK_STRING;
		} else if (isdigit((unsigned char)*s)) {
			while (isalnum((unsigned char)*s) || *s == '.' || *s == '_' || *s == '\'')
				++s;
			t->kind = TOK_OTHER;
		} else {
			++s;
			t->kind = TOK_PUNCT;
		}
		t->len = (size_t)(s - t->at);
		x->s = s;
		return;
	}
}

static bool tok_is(const struct ii_token *t, const char *word)
{
	return t->len == strlen(word) && !strncmp(t->at, word, t->len);
}

/* Whether a declaration at `file` counts as the learner's: the learner's file
 * itself, or a header that is neither the system's, the toolkit's nor the
 * judge's. */
static bool learner_owned(const struct ii_token *t, const char *learner, const char *root)
{
	if (!t->file)
		return false;
	if (t->file_len == strlen(learner) && !strncmp(t->file, learner, t->file_len))
		return true;
	if (t->file[0] != '/' || !strncmp(t->file, "/usr/", 5) || !strncmp(t->file, "/opt/", 5))
		return false;
	size_t rl = strlen(root);
	return !(t->file_len > rl && !strncmp(t->file, root, rl) &&
	         !strncmp(t->file + rl, "/harness/", 9));
}

/* One namespace-scope declaration being read. */
struct decl {
	struct ii_token first, name;
	int ntok;
	bool device, paren, eq, constant, skip, klass, body_done, after_body;
	bool is_asm, ns, ctor_args;
};

int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out)
{
	memset(out, 0, sizeof *out);
	struct ii_lexer x = {.s = ii, .line = 1, .at_line_start = true};
	/* Scopes: 'n' namespace or extern "C" block, 'o' anything else. */
	char stack[256];
	int depth = 0;
	struct decl d = {0};
	int paren = 0;
	struct ii_token t;
	for (ii_next(&x, &t); t.kind != TOK_END; ii_next(&x, &t)) {
		/* Only the learner's own lines are read: the file is included at
		 * namespace scope, and every header it includes is whole. */
		if (!learner_owned(&t, learner, root))
			continue;
		bool ns = depth == 0 || stack[depth - 1] == 'n';
		if (!ns) {
			if (tok_is(&t, "{"))
				stack[depth < 255 ? depth++ : depth] = 'o';
			else if (tok_is(&t, "}") && --depth >= 0 && depth < 256 && d.klass &&
			         (depth == 0 || stack[depth - 1] == 'n')) {
				d.body_done = true;
			}
			if (depth < 0)
				return 0; /* unbalanced: say nothing */
			continue;
		}
		if (d.ntok == 0 && tok_is(&t, ";"))
			continue;
		if (paren == 0 && tok_is(&t, "}")) { /* at namespace scope: the namespace ends */
			depth--;
			memset(&d, 0, sizeof d);
			paren = 0;
			if (depth < 0)
				return 0;
			continue;
		}
		if (d.ntok++ == 0)
			d.first = t;
		if (d.body_done && !tok_is(&t, ";"))
			d.after_body = true;
		if (tok_is(&t, "__attribute__") || tok_is(&t, "alignas") ||
		    tok_is(&t, "__declspec")) {
			/* Read the attribute's parentheses: device, global, shared,
			 * constant and managed say where the declaration lives. */
			struct ii_token a;
			int p = 0;
			do {
				ii_next(&x, &a);
				if (tok_is(&a, "("))
					p++;
				else if (tok_is(&a, ")"))
					p--;
				else if (tok_is(&a, "device") || tok_is(&a, "global") ||
				         tok_is(&a, "shared") || tok_is(&a, "constant") ||
				         tok_is(&a, "managed"))
					d.device = true;
			} while (a.kind != TOK_END && p > 0);
			continue;
		}
		if (tok_is(&t, "template")) {
			/* Skip the parameter list: its `class` is not a class. */
			struct ii_token a;
			ii_next(&x, &a);
			if (tok_is(&a, "<")) {
				/* <...> outside parentheses: `bool = (N > 2)` is no end */
				int p = 1, round = 0;
				while (p > 0) {
					ii_next(&x, &a);
					if (a.kind == TOK_END)
						break;
					round += tok_is(&a, "(") - tok_is(&a, ")");
					if (round == 0)
						p += tok_is(&a, "<") - tok_is(&a, ">");
				}
			}
			continue;
		}
		if (t.kind == TOK_IDENT && paren > 0)
			continue; /* parameters and arguments say nothing about the declaration */
		if (t.kind == TOK_IDENT) {
			if (tok_is(&t, "typedef") || tok_is(&t, "using") ||
			    tok_is(&t, "static_assert") || tok_is(&t, "friend") ||
			    (tok_is(&t, "extern") && d.ntok == 1))
				d.skip = true;
			else if (tok_is(&t, "constexpr") || tok_is(&t, "const") ||
			         tok_is(&t, "consteval"))
				d.constant = true;
			else if (paren == 0 && (tok_is(&t, "class") || tok_is(&t, "struct") ||
			                        tok_is(&t, "union") || tok_is(&t, "enum")))
				d.klass = true;
			else if (tok_is(&t, "asm") || tok_is(&t, "__asm__") || tok_is(&t, "__asm"))
				d.is_asm = true;
			else if (tok_is(&t, "namespace"))
				d.skip = d.ns = true;
			if (paren == 0 && !d.paren && !d.eq)
				d.name = t;
			/* extern "C" { ... }: a namespace-like block */
			continue;
		}
		if (tok_is(&t, "(")) {
			if (paren++ == 0)
				d.paren = true;
			continue;
		}
		if (tok_is(&t, ")")) {
			paren -= paren > 0;
			continue;
		}
		if (paren > 0) {
			if (t.kind == TOK_OTHER || t.kind == TOK_STRING)
				d.ctor_args = true; /* a literal: `T x(5);` is a variable */
			continue;
		}
		if (tok_is(&t, "=") && !d.eq)
			d.eq = true;
		if (tok_is(&t, "{")) {
			bool block = (d.ns && !d.eq) || (tok_is(&d.first, "extern") && d.ntok == 3);
			if (block) {
				stack[depth < 255 ? depth++ : depth] = 'n';
				memset(&d, 0, sizeof d);
				continue;
			}
			/* a class head has no parentheses of its own (attributes are
			 * read apart): `struct tm *f(void) {` is a function */
			bool function = d.paren && !d.eq;
			if (function && !d.device && !d.constant && !d.skip &&
			    learner_owned(&d.first, learner, root)) {
				out->found = true;
				out->line = d.first.line;
				out->function = true;
				snprintf(out->name, sizeof out->name, "%.*s", (int)d.name.len,
				         d.name.at);
				return 1;
			}
			stack[depth < 255 ? depth++ : depth] = 'o';
			if (function) /* a function body: the declaration ends with it */
				memset(&d, 0, sizeof d);
			else
				d.klass = d.klass || !d.eq; /* its body's end is watched for */
			continue;
		}
		if (tok_is(&t, ";")) {
			bool variable = !d.skip && !d.device && !d.constant &&
			                ((!d.paren && !d.klass) || d.eq || d.ctor_args ||
			                 (d.klass && d.after_body));
			if ((variable || d.is_asm) && learner_owned(&d.first, learner, root)) {
				out->found = true;
				out->line = d.first.line;
				out->function = false;
				out->is_asm = d.is_asm;
				snprintf(out->name, sizeof out->name, "%.*s", (int)d.name.len,
				         d.name.at);
				return 1;
			}
			memset(&d, 0, sizeof d);
			paren = 0;
		}
	}
	return 0;
}

/* `#define`/`#undef` in the learner's file of a name the judge's code uses:
 * CUDA's execution-space keywords and the judge's cj_ / CJ_ names. Writes
 * the name and line; true when found. */
static bool redefines_judge_name(const char *source, int *line, char *name, size_t len)
{
	char *text = read_file(source, NULL);
	if (!text)
		return false;
	static const char *const keywords[] = {
	        "__global__",  "__device__",        "__host__",      "__shared__", "__constant__",
	        "__managed__", "__launch_bounds__", "__attribute__", "extern",     NULL};
	bool found = false;
	int n = 1;
	for (char *p = text; *p && !found; ++n) {
		char *eol = strchr(p, '\n');
		const char *q = p;
		while (*q == ' ' || *q == '\t')
			++q;
		if (*q == '#') {
			++q;
			while (*q == ' ' || *q == '\t')
				++q;
			int skip = !strncmp(q, "define", 6) ? 6 : !strncmp(q, "undef", 5) ? 5 : 0;
			if (skip && (q[skip] == ' ' || q[skip] == '\t')) {
				q += skip;
				while (*q == ' ' || *q == '\t')
					++q;
				size_t k = 0;
				while (isalnum((unsigned char)q[k]) || q[k] == '_')
					++k;
				bool judge =
				        (k > 3 && (!strncmp(q, "cj_", 3) || !strncmp(q, "CJ_", 3)));
				for (int i = 0; keywords[i] && !judge; ++i)
					judge = k == strlen(keywords[i]) &&
					        !strncmp(q, keywords[i], k);
				if (judge) {
					found = true;
					*line = n;
					snprintf(name, len, "%.*s", (int)k, q);
				}
			}
		}
		if (!eol)
			break;
		p = eol + 1;
	}
	free(text);
	return found;
}

/* The device-only check of a built module's preprocessed source. */
static void check_device_only(const struct build_paths *p, const char *source, const char *ii_path,
                              struct build_result *res)
{
	const char *shown = relative_to(source, p->root);
	int line = 0;
	char name[128] = "";
	if (redefines_judge_name(source, &line, name, sizeof name)) {
		refuse(res,
		       xasprintf(L("%s:%d: error: #define or #undef of `%s`, a name the judge's "
		                   "own code uses: the judge compiles your file together with "
		                   "its kernels; choose another name\n",
		                   "%s:%d: 错误：#define 或 #undef 了 `%s`，这是评测自身代码使用的"
		                   "名字：评测会把你的文件和它自己的 kernel 一起编译；请换一个"
		                   "名字\n"),
		                 shown, line, name));
		return;
	}
	char *ii = read_file(ii_path, NULL);
	if (!ii)
		return; /* nothing to read: the module itself still holds no host code */
	struct host_code h;
	char real[PATH_MAX];
	if (!realpath(source, real))
		snprintf(real, sizeof real, "%s", source);
	if (find_host_code(ii, real, p->root, &h) > 0) {
		if (h.function)
			refuse(res,
			       xasprintf(
			               L("%s:%d: error: `%s` is host code (a function without "
			                 "__device__ or __global__). In this exercise only device "
			                 "code is compiled: the judge's own host code launches "
			                 "your "
			                 "kernels and your file's host code is never run. Remove "
			                 "it, "
			                 "or mark it __device__ if your kernels call it\n",
			                 "%s:%d: 错误：`%s` 是主机代码（没有 __device__ 或 "
			                 "__global__ "
			                 "的函数）。本题只编译设备代码：由评测自己的主机代码启动你"
			                 "的 "
			                 "kernel，你文件里的主机代码永远不会运行。请删掉它；如果 "
			                 "kernel "
			                 "要调用它，请把它标成 __device__\n"),
			               shown, h.line, h.name));
		else if (h.is_asm)
			refuse(res,
			       xasprintf(
			               L("%s:%d: error: asm outside any function is host code, "
			                 "and in this exercise only device code is compiled: "
			                 "remove it\n",
			                 "%s:%d: 错误：函数之外的 asm 是主机代码，而本题只编译设备"
			                 "代码：请删掉它\n"),
			               shown, h.line));
		else
			refuse(res,
			       xasprintf(L("%s:%d: error: `%s` is a host variable (not __device__, "
			                   "__constant__ or __shared__, nor constexpr or const). "
			                   "In this "
			                   "exercise only device code is compiled, and device code "
			                   "cannot use a host variable: make it __device__ or "
			                   "constexpr, or remove it\n",
			                   "%s:%d: 错误：`%s` 是主机变量（不是 "
			                   "__device__、__constant__ "
			                   "或 __shared__，也不是 constexpr 或 "
			                   "const）。本题只编译设备代码"
			                   "，而设备代码不能使用主机变量：请把它改成 __device__ 或 "
			                   "constexpr，或者删掉它\n"),
			                 shown, h.line, h.name));
	}
	free(ii);
}

void check_module_device_only(const struct build_paths *p, const char *source, const char *ii_path,
                              struct build_result *res)
{
	check_device_only(p, source, ii_path, res);
}
