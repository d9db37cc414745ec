/* Source rewriting for the emulator; see rewrite.h. */
#include "rewrite.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "util.h"

/* Index just past the string, character literal or comment starting at i,
 * or i when there is none. */
static size_t skip_literal(const char *s, size_t i)
{
	if (s[i] == '/' && s[i + 1] == '/') {
		while (s[i] && s[i] != '\n')
			++i;
		return i;
	}
	if (s[i] == '/' && s[i + 1] == '*') {
		const char *end = strstr(s + i + 2, "*/");
		return end ? (size_t)(end - s) + 2 : strlen(s);
	}
	if (s[i] == '"' || s[i] == '\'') {
		char q = s[i++];
		while (s[i] && s[i] != q) {
			if (s[i] == '\\' && s[i + 1])
				++i;
			++i;
		}
		return s[i] ? i + 1 : i;
	}
	return i;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Start of the kernel expression that ends just before `end` (exclusive):
 * a name, possibly qualified (a::b) and with template arguments (k<T, 4>). */
static size_t kernel_start(const char *s, size_t end)
{
	size_t i = end;
	while (i > 0 && isspace((unsigned char)s[i - 1]))
		--i;
	for (;;) {
		if (i > 0 && s[i - 1] == '>') { /* template arguments */
			int depth = 0;
			while (i > 0) {
				--i;
				if (s[i] == '>')
					++depth;
				else if (s[i] == '<' && --depth == 0)
					break;
			}
			while (i > 0 && isspace((unsigned char)s[i - 1]))
				--i;
		}
		while (i > 0 && ident_char(s[i - 1]))
			--i;
		if (i >= 2 && s[i - 1] == ':' && s[i - 2] == ':') {
			i -= 2;
			continue;
		}
		return i;
	}
}

/* Index of the ')' matching the '(' at i (or strlen when unmatched). */
static size_t matching_paren(const char *s, size_t i)
{
	int depth = 0;
	while (s[i]) {
		size_t j = skip_literal(s, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (s[i] == '(')
			++depth;
		else if (s[i] == ')' && --depth == 0)
			return i;
		++i;
	}
	return i;
}

/* Handles one launch whose "<<<" is at `at`; out already holds the text up to
 * the kernel's start. Returns the index after the launch, or 0 if it is not
 * one (then nothing was consumed). */
static size_t rewrite_launch(const char *s, size_t at, size_t kstart, struct strbuf *out)
{
	size_t i = at + 3;
	int depth = 0;
	while (s[i] && !(depth == 0 && !strncmp(s + i, ">>>", 3))) {
		size_t j = skip_literal(s, i);
		if (j != i) {
			i = j;
			continue;
		}
		depth += s[i] == '(' ? 1 : s[i] == ')' ? -1 : 0;
		++i;
	}
	if (!s[i])
		return 0;
	size_t config_end = i;
	i += 3;
	size_t ws = i;
	while (isspace((unsigned char)s[i]))
		++i;
	if (s[i] != '(')
		return 0;
	size_t close = matching_paren(s, i);
	if (!s[close])
		return 0;
	sb_puts(out, "cj_emu::launch_kernel(cj_emu::config(");
	sb_add(out, s + at + 3, config_end - at - 3);
	sb_puts(out, "), ");
	sb_add(out, s + kstart, at - kstart);
	sb_add(out, s + config_end + 3, ws - config_end - 3); /* keep line breaks */
	bool args = false;
	for (size_t k = i + 1; k < close; ++k)
		args |= !isspace((unsigned char)s[k]);
	if (args)
		sb_puts(out, ", ");
	sb_add(out, s + i + 1, close - i - 1);
	sb_puts(out, ")");
	return close + 1;
}

/* extern __shared__ T name[]; -> a pointer into the emulator's dynamic
 * shared memory. Returns the index after the declaration, or 0. */
static size_t rewrite_extern_shared(const char *s, size_t at, struct strbuf *out)
{
	const char *semi = strchr(s + at, ';');
	const char *open = semi ? memchr(s + at, '[', (size_t)(semi - (s + at))) : NULL;
	if (!open)
		return 0;
	size_t name_end = (size_t)(open - s);
	while (name_end > at && isspace((unsigned char)s[name_end - 1]))
		--name_end;
	size_t name_start = name_end;
	while (name_start > at && ident_char(s[name_start - 1]))
		--name_start;
	size_t type_start = at + strlen("extern");
	while (isspace((unsigned char)s[type_start]))
		++type_start;
	type_start += strlen("__shared__");
	/* the type, without __align__(n) */
	struct strbuf type = {0};
	for (size_t k = type_start; k < name_start;) {
		if (!strncmp(s + k, "__align__", 9)) {
			const char *p = strchr(s + k, ')');
			k = p ? (size_t)(p - s) + 1 : name_start;
			continue;
		}
		sb_add(&type, s + k, 1);
		++k;
	}
	char *t = sb_take(&type);
	/* trim: "  float  " -> "float" */
	char *start = t;
	while (isspace((unsigned char)*start))
		++start;
	size_t n = strlen(start);
	while (n && isspace((unsigned char)start[n - 1]))
		start[--n] = '\0';
	memmove(t, start, n + 1);
	sb_printf(out, "static %s *const ", t);
	sb_add(out, s + name_start, name_end - name_start);
	sb_printf(out, " = reinterpret_cast<%s *>(cj_emu::dynamic_shared);", t);
	free(t);
	return (size_t)(semi - s) + 1;
}

char *rewrite_for_emulator(const char *src, const char *shown)
{
	struct strbuf out = {0};
	sb_puts(&out, "#line 1 ");
	json_str(&out, shown); /* a C string literal: the same escaping */
	sb_puts(&out, "\n");
	size_t copied = 0; /* src[copied..i) is still to be copied */
	for (size_t i = 0; src[i];) {
		size_t j = skip_literal(src, i);
		if (j != i) {
			i = j;
			continue;
		}
		if (!strncmp(src + i, "<<<", 3)) {
			size_t k = kernel_start(src, i);
			struct strbuf piece = {0};
			size_t next = k >= copied ? rewrite_launch(src, i, k, &piece) : 0;
			if (next) {
				sb_add(&out, src + copied, k - copied);
				char *p = sb_take(&piece);
				sb_puts(&out, p);
				free(p);
				copied = i = next;
				continue;
			}
			free(piece.s);
		} else if (!strncmp(src + i, "static", 6) && (i == 0 || !ident_char(src[i - 1]))) {
			/* static __shared__: the emulator's __shared__ is static already */
			size_t k = i + 6;
			while (isspace((unsigned char)src[k]))
				++k;
			if (k > i + 6 && !strncmp(src + k, "__shared__", 10) &&
			    !ident_char(src[k + 10])) {
				sb_add(&out, src + copied, i - copied);
				sb_puts(&out, "      "); /* the columns stay where they were */
				copied = i = i + 6;
				continue;
			}
		} else if (!strncmp(src + i, "extern", 6) && (i == 0 || !ident_char(src[i - 1]))) {
			size_t k = i + 6;
			while (isspace((unsigned char)src[k]))
				++k;
			if (!strncmp(src + k, "__shared__", 10)) {
				sb_add(&out, src + copied, i - copied);
				size_t next = rewrite_extern_shared(src, i, &out);
				if (next) {
					copied = i = next;
					continue;
				}
				copied =
				        i; /* not a declaration we know: leave it to the compiler */
			}
		}
		++i;
	}
	sb_puts(&out, src + copied);
	return sb_take(&out);
}
