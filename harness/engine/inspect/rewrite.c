/* Source rewriting for the emulator; see rewrite.h. */
#include "rewrite.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "util.h"

/* The text being rewritten: its tokens (<<< and >>> one each), and how much
 * of it is already in out. */
struct rewriting {
	const char *src;
	struct c_tokens ts;
	size_t copied; /* src[0, copied) is in out */
	struct strbuf out;
};

static const struct c_token *tok(const struct rewriting *r, size_t i)
{
	return &r->ts.v[i];
}

static size_t end_of(const struct rewriting *r, size_t i)
{
	return (size_t)(tok(r, i)->at + tok(r, i)->len - r->src);
}

static size_t start_of(const struct rewriting *r, size_t i)
{
	return (size_t)(tok(r, i)->at - r->src);
}

/* Copies the text up to `to` (a byte offset) into out. */
static void copy_to(struct rewriting *r, size_t to)
{
	sb_add(&r->out, r->src + r->copied, to - r->copied);
	r->copied = to;
}

/* The line breaks of the text [from, to), which is not copied (a <<< cut by
 * a splice, an extern __shared__ declaration over lines), so that the lines
 * after it stay where they were. */
static void line_breaks(struct rewriting *r, const char *from, const char *to)
{
	/* each line end as a \n: a lone \r copied before a \n that follows would
	 * join it into one \r\n (a \r\n's \r is left to its \n, copied here or later) */
	for (const char *c = from; c < to; ++c)
		if (*c == '\n' || (*c == '\r' && c[1] != '\n'))
			sb_add(&r->out, "\n", 1);
}

/* The first token of the kernel expression that ends just before token
 * `at`: a name, possibly qualified (a::b) and with template arguments
 * (k<T, 4>). */
static size_t kernel_start(const struct rewriting *r, size_t at)
{
	size_t i = at;
	for (;;) {
		if (i > 0 && (c_tok_is(tok(r, i - 1), ">") || c_tok_is(tok(r, i - 1), ">>"))) {
			int depth = 0;
			while (i > 0) {
				const struct c_token *t = tok(r, --i);
				depth += c_tok_is(t, ">") + 2 * c_tok_is(t, ">>") -
				         c_tok_is(t, "<") - 2 * c_tok_is(t, "<<");
				if (depth <= 0)
					break;
			}
		}
		if (i > 0 && tok(r, i - 1)->kind == C_IDENT)
			--i;
		if (i > 0 && c_tok_is(tok(r, i - 1), "::")) {
			--i;
			continue;
		}
		return i;
	}
}

/* The token that closes the ( or <<< at `open` at bracket depth 0: the
 * matching ) or the >>>; 0 when there is none. */
static size_t closing(const struct rewriting *r, size_t open, const char *close)
{
	int depth = 0;
	for (size_t i = open + 1; i < r->ts.n; ++i) {
		const struct c_token *t = tok(r, i);
		if (depth == 0 && c_tok_is(t, close))
			return i;
		depth += c_tok_is(t, "(") - c_tok_is(t, ")");
		if (depth < 0)
			return 0;
	}
	return 0;
}

/* k<<<config>>>(args) -> cj_emu::launch_kernel(cj_emu::config(config), k,
 * args), the launch's <<< at token `at`. Returns the token after it, or 0
 * when it is not a launch (nothing is written then). */
static size_t rewrite_launch(struct rewriting *r, size_t at)
{
	size_t k = kernel_start(r, at), config_end = closing(r, at, ">>>");
	if (start_of(r, k) < r->copied || !config_end || config_end + 1 >= r->ts.n ||
	    !c_tok_is(tok(r, config_end + 1), "("))
		return 0;
	size_t open = config_end + 1, close = closing(r, open, ")");
	if (!close)
		return 0;
	copy_to(r, start_of(r, k));
	sb_puts(&r->out, "cj_emu::launch_kernel(cj_emu::config(");
	sb_add(&r->out, r->src + end_of(r, at), start_of(r, config_end) - end_of(r, at));
	sb_puts(&r->out, "), ");
	sb_add(&r->out, r->src + start_of(r, k), start_of(r, at) - start_of(r, k));
	/* what lies between >>> and ( (line breaks) */
	sb_add(&r->out, r->src + end_of(r, config_end), start_of(r, open) - end_of(r, config_end));
	if (close > open + 1)
		sb_puts(&r->out, ", ");
	sb_add(&r->out, r->src + end_of(r, open), start_of(r, close) - end_of(r, open));
	sb_puts(&r->out, ")");
	line_breaks(r, tok(r, at)->at, tok(r, at)->at + tok(r, at)->len);
	line_breaks(r, tok(r, config_end)->at, tok(r, config_end)->at + tok(r, config_end)->len);
	r->copied = end_of(r, close);
	return close + 1;
}

/* static __shared__: the emulator's __shared__ is static already; the
 * columns and lines stay where they were. */
static void drop_static(struct rewriting *r, size_t at)
{
	copy_to(r, start_of(r, at));
	for (const char *c = tok(r, at)->at; c < tok(r, at)->at + tok(r, at)->len; ++c)
		sb_add(&r->out, *c == '\n' || *c == '\r' ? c : " ", 1);
	r->copied = end_of(r, at);
}

/* The type of an extern __shared__ array: the tokens [from, to) without
 * __align__(n), one space apart. */
static char *shared_type(const struct rewriting *r, size_t from, size_t to)
{
	struct strbuf type = {0};
	for (size_t i = from; i < to; ++i) {
		if (c_tok_is(tok(r, i), "__align__") && i + 1 < to &&
		    c_tok_is(tok(r, i + 1), "(")) {
			size_t close = closing(r, i + 1, ")");
			i = close ? close : to;
			continue;
		}
		char *w = c_tok_text(tok(r, i));
		if (type.len)
			sb_puts(&type, " ");
		sb_puts(&type, w);
		free(w);
	}
	return sb_take(&type);
}

/* extern __shared__ T name[]; -> a pointer into the emulator's dynamic
 * shared memory, `extern` at token `at`. Returns the token after the
 * declaration, or 0 when it is not one (left to the compiler). */
static size_t rewrite_extern_shared(struct rewriting *r, size_t at)
{
	size_t semi = at + 2, open = 0;
	for (; semi < r->ts.n && !c_tok_is(tok(r, semi), ";"); ++semi)
		if (!open && c_tok_is(tok(r, semi), "["))
			open = semi;
	if (semi >= r->ts.n || !open || tok(r, open - 1)->kind != C_IDENT || open - 1 < at + 2)
		return 0;
	char *type = shared_type(r, at + 2, open - 1);
	char *name = c_tok_text(tok(r, open - 1));
	copy_to(r, start_of(r, at));
	sb_printf(&r->out, "static %s *const %s = reinterpret_cast<%s *>(cj_emu::dynamic_shared);",
	          type, name, type);
	line_breaks(r, tok(r, at)->at, tok(r, semi)->at);
	free(type);
	free(name);
	r->copied = end_of(r, semi);
	return semi + 1;
}

char *rewrite_for_emulator(const char *src, const char *shown)
{
	struct rewriting r = {.src = src};
	sb_puts(&r.out, "#line 1 ");
	c_quote(&r.out, shown);
	sb_puts(&r.out, "\n");
	c_tokens_read(&r.ts, src, strlen(src), C_LEX_LAUNCH);
	for (size_t i = 0; i < r.ts.n;) {
		const struct c_token *t = tok(&r, i);
		bool shared_next = i + 1 < r.ts.n && c_tok_is(tok(&r, i + 1), "__shared__");
		size_t next = 0;
		if (c_tok_is(t, "<<<"))
			next = rewrite_launch(&r, i);
		else if (t->kind == C_IDENT && c_tok_is(t, "static") && shared_next)
			drop_static(&r, i);
		else if (t->kind == C_IDENT && c_tok_is(t, "extern") && shared_next)
			next = rewrite_extern_shared(&r, i);
		i = next ? next : i + 1;
	}
	copy_to(&r, strlen(src));
	c_tokens_free(&r.ts);
	return sb_take(&r.out);
}
