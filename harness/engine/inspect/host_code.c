/* The host-code finder of the device-only check; see host_code.h. */
#include "host_code.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "learner_file.h"
#include "util.h"

/* The tokens of the preprocessed source, directives (line markers, #pragma)
 * left out, and whose lines they are. */
struct ii_reader {
	struct c_lexer lx;
	struct learner_file learner;
	const char *root;
	const char *last_file; /* the file last asked about, and the answer */
	bool last_owned;
	struct entered_files *entered; /* where the files entered go, or NULL */
	bool marked;                   /* a line marker has been read */
};

/* A line marker read: the file it starts from (the first marker) or enters
 * (flag 1) joins r->entered, once. The lexer interns names, so one name is
 * one pointer. */
static void note_marker(struct ii_reader *r, const struct c_token *t)
{
	bool enters = !r->marked || (t->mark_flags & C_MARK_PUSH);
	r->marked = true;
	struct entered_files *e = r->entered;
	if (!e || !enters || !t->mark_file || t->mark_file[0] == '<')
		return;
	for (size_t i = e->n; i-- > 0;)
		if (e->name[i] == t->mark_file)
			return;
	e->name = xrealloc(e->name, (e->n + 1) * sizeof *e->name);
	e->name[e->n++] = (char *)t->mark_file;
}

static bool ii_next(struct ii_reader *r, struct c_token *t)
{
	while (c_lex_next(&r->lx, t)) {
		if (t->kind == C_LINEMARK)
			note_marker(r, t);
		if (!t->directive)
			return true;
	}
	return false;
}

/* The entered names point into the lexer's interned names, which die with
 * it: copies, before it goes. */
static void keep_entered(struct ii_reader *r)
{
	if (!r->entered)
		return;
	r->entered->read = true;
	for (size_t i = 0; i < r->entered->n; ++i)
		r->entered->name[i] = xstrdup(r->entered->name[i]);
}

void entered_files_free(struct entered_files *e)
{
	for (size_t i = 0; i < e->n; ++i)
		free(e->name[i]);
	free(e->name);
	memset(e, 0, sizeof *e);
}

void ii_entered_files(const char *ii, struct entered_files *entered)
{
	memset(entered, 0, sizeof *entered);
	struct ii_reader r = {.entered = entered};
	c_lex_init(&r.lx, ii, strlen(ii), 0);
	struct c_token t;
	while (ii_next(&r, &t))
		;
	keep_entered(&r);
	c_lex_free(&r.lx);
}

/* Whether a declaration at `file` counts as the learner's: the learner's file
 * itself, or a header that is neither the system's, the toolkit's nor the
 * judge's. */
static bool learner_owned(struct ii_reader *r, const struct c_token *t)
{
	const char *file = t->pfile;
	if (!file)
		return false;
	if (file == r->last_file)
		return r->last_owned;
	bool owned = learner_file_is(&r->learner, file);
	if (!owned && file[0] == '/' && strncmp(file, "/usr/", 5) && strncmp(file, "/opt/", 5)) {
		size_t rl = strlen(r->root);
		owned = !(strlen(file) > rl && !strncmp(file, r->root, rl) &&
		          !strncmp(file + rl, "/harness/", 9));
	}
	r->last_file = file;
	r->last_owned = owned;
	return owned;
}

/* One namespace-scope declaration being read. */
struct decl {
	struct c_token first, name;
	int ntok;
	bool device, paren, eq, constant, skip, klass, body_done, after_body;
	bool is_asm, ns, ctor_args;
};

/* The <s and >s a token counts as in a template's parameter list: << and
 * >> close or open two; <= >= -> are no brackets. */
static int angles(const struct c_token *t)
{
	if (t->kind != C_PUNCT)
		return 0;
	return c_tok_is(t, "<") - c_tok_is(t, ">") + 2 * (c_tok_is(t, "<<") - c_tok_is(t, ">>"));
}

/* An attribute's parentheses: device, global, shared, constant and managed
 * say where the declaration lives. */
static void read_attribute(struct ii_reader *r, struct decl *d)
{
	struct c_token a;
	int p = 0;
	do {
		if (!ii_next(r, &a))
			return;
		if (c_tok_is(&a, "("))
			p++;
		else if (c_tok_is(&a, ")"))
			p--;
		else if (c_tok_is(&a, "device") || c_tok_is(&a, "global") ||
		         c_tok_is(&a, "shared") || c_tok_is(&a, "constant") ||
		         c_tok_is(&a, "managed"))
			d->device = true;
	} while (p > 0);
}

/* A template's parameter list, whose `class` is no class: <...> outside
 * parentheses (`bool = (N > 2)` is no end). */
static void skip_template_parameters(struct ii_reader *r)
{
	struct c_token a;
	if (!ii_next(r, &a) || !c_tok_is(&a, "<"))
		return;
	int p = 1, round = 0;
	while (p > 0 && ii_next(r, &a)) {
		round += c_tok_is(&a, "(") - c_tok_is(&a, ")");
		if (round == 0)
			p += angles(&a);
	}
}

/* An identifier at namespace scope, outside parentheses. */
static void read_word(struct decl *d, const struct c_token *t, int paren)
{
	if (c_tok_is(t, "typedef") || c_tok_is(t, "using") || c_tok_is(t, "static_assert") ||
	    c_tok_is(t, "friend") || (c_tok_is(t, "extern") && d->ntok == 1))
		d->skip = true;
	else if (c_tok_is(t, "constexpr") || c_tok_is(t, "const") || c_tok_is(t, "consteval"))
		d->constant = true;
	else if (paren == 0 && (c_tok_is(t, "class") || c_tok_is(t, "struct") ||
	                        c_tok_is(t, "union") || c_tok_is(t, "enum")))
		d->klass = true;
	else if (c_tok_is(t, "asm") || c_tok_is(t, "__asm__") || c_tok_is(t, "__asm"))
		d->is_asm = true;
	else if (c_tok_is(t, "namespace"))
		d->skip = d->ns = true;
	if (paren == 0 && !d->paren && !d->eq)
		d->name = *t;
}

static int found(struct host_code *out, const struct decl *d, bool function)
{
	out->found = true;
	out->line = d->first.pline;
	out->function = function;
	out->is_asm = !function && d->is_asm;
	snprintf(out->name, sizeof out->name, "%.*s", (int)d->name.len, d->name.at);
	return 1;
}

/* The reader's place: the scopes it is in ('n' a namespace or extern "C"
 * block, 'o' anything else), the declaration being read, and how deep in
 * its parentheses. */
struct finder {
	struct ii_reader r;
	char stack[256];
	int depth;
	struct decl d;
	int paren;
};

static void open_scope(struct finder *f, char kind)
{
	f->stack[f->depth < 255 ? f->depth++ : f->depth] = kind;
}

/* A token inside a function or class body: only its braces matter. False
 * when they do not balance. */
static bool in_body(struct finder *f, const struct c_token *t)
{
	if (c_tok_is(t, "{"))
		open_scope(f, 'o');
	else if (c_tok_is(t, "}") && --f->depth >= 0 && f->depth < 256 && f->d.klass &&
	         (f->depth == 0 || f->stack[f->depth - 1] == 'n'))
		f->d.body_done = true;
	return f->depth >= 0;
}

/* A { at namespace scope: a namespace or extern "C" block, a function's
 * body (host code unless device, constant or skipped), or a class body or
 * braced initializer. 1 when host code was found. */
static int open_brace(struct finder *f, struct host_code *out)
{
	struct decl *d = &f->d;
	bool block = (d->ns && !d->eq) || (c_tok_is(&d->first, "extern") && d->ntok == 3);
	if (block) {
		open_scope(f, 'n');
		memset(d, 0, sizeof *d);
		return 0;
	}
	/* a class head has no parentheses of its own (attributes are read
	 * apart): `struct tm *f(void) {` is a function */
	bool function = d->paren && !d->eq;
	if (function && !d->device && !d->constant && !d->skip && learner_owned(&f->r, &d->first))
		return found(out, d, true);
	open_scope(f, 'o');
	if (function) /* a function body: the declaration ends with it */
		memset(d, 0, sizeof *d);
	else
		d->klass = d->klass || !d->eq; /* its body's end is watched for */
	return 0;
}

/* A ; at namespace scope: a host variable or asm ends there. */
static int end_declaration(struct finder *f, struct host_code *out)
{
	struct decl *d = &f->d;
	bool variable =
	        !d->skip && !d->device && !d->constant &&
	        ((!d->paren && !d->klass) || d->eq || d->ctor_args || (d->klass && d->after_body));
	if ((variable || d->is_asm) && learner_owned(&f->r, &d->first))
		return found(out, d, false);
	memset(d, 0, sizeof *d);
	f->paren = 0;
	return 0;
}

/* One token of a declaration at namespace scope: 1 when host code was
 * found, -1 when the braces do not balance (nothing can be said), else 0. */
static int at_namespace_scope(struct finder *f, const struct c_token *t, struct host_code *out)
{
	struct decl *d = &f->d;
	if (d->ntok == 0 && c_tok_is(t, ";"))
		return 0;
	if (f->paren == 0 && c_tok_is(t, "}")) { /* the namespace ends */
		f->depth--;
		memset(d, 0, sizeof *d);
		f->paren = 0;
		return f->depth < 0 ? -1 : 0;
	}
	if (d->ntok++ == 0)
		d->first = *t;
	if (d->body_done && !c_tok_is(t, ";"))
		d->after_body = true;
	if (c_tok_is(t, "__attribute__") || c_tok_is(t, "alignas") || c_tok_is(t, "__declspec")) {
		read_attribute(&f->r, d);
	} else if (c_tok_is(t, "template")) {
		skip_template_parameters(&f->r);
	} else if (t->kind == C_IDENT) {
		/* parameters and arguments say nothing about the declaration */
		if (f->paren == 0)
			read_word(d, t, f->paren);
	} else if (c_tok_is(t, "(")) {
		if (f->paren++ == 0)
			d->paren = true;
	} else if (c_tok_is(t, ")")) {
		f->paren -= f->paren > 0;
	} else if (f->paren > 0) {
		if (t->kind == C_NUMBER || t->kind == C_STRING || t->kind == C_CHAR)
			d->ctor_args = true; /* a literal: `T x(5);` is a variable */
	} else {
		if (c_tok_is(t, "="))
			d->eq = true;
		if (c_tok_is(t, "{"))
			return open_brace(f, out);
		if (c_tok_is(t, ";"))
			return end_declaration(f, out);
	}
	return 0;
}

int find_host_code(const char *ii, const char *learner, const char *root, struct host_code *out,
                   struct entered_files *entered)
{
	memset(out, 0, sizeof *out);
	struct finder *f = xcalloc(1, sizeof *f);
	if (entered)
		memset(entered, 0, sizeof *entered);
	f->r.entered = entered;
	c_lex_init(&f->r.lx, ii, strlen(ii), 0);
	learner_file_init(&f->r.learner, learner);
	f->r.root = root;
	int got = 0;
	struct c_token t;
	while (!got && ii_next(&f->r, &t)) {
		/* Only the learner's own lines are read: the file is included at
		 * namespace scope, and every header it includes is whole. */
		if (!learner_owned(&f->r, &t))
			continue;
		if (f->depth > 0 && f->stack[f->depth - 1] != 'n')
			got = in_body(f, &t) ? 0 : -1;
		else
			got = at_namespace_scope(f, &t, out);
	}
	keep_entered(&f->r);
	c_lex_free(&f->r.lx);
	learner_file_free(&f->r.learner);
	free(f);
	return got > 0 ? got : 0;
}
