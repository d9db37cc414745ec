/* The one reader of C/CUDA text; see c_lexer.h. */
#include "c_lexer.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

/* Where in a directive the next token is. */
enum {
	D_NONE,       /* not in a directive */
	D_NAME,       /* after the #: the directive's name, or a marker's number */
	D_INCLUDE,    /* after #include: a header name */
	D_LINE,       /* after #line: the number */
	D_MARK_FILE,  /* after the number: the file, or nothing */
	D_MARK_FLAGS, /* after the file: the flags */
	D_OTHER,      /* the rest of any other directive */
};

/* A reading position: the byte at p, on physical line `line`. */
struct cur {
	const char *p;
	int line;
	bool spliced;
};

/* What may stand between a splice's backslash and its newline. */
static bool splice_blank(int k)
{
	return k == ' ' || k == '\t' || k == '\f' || k == '\v' || k == '\r';
}

/* Blanks between tokens; GCC takes a NUL byte for one too. */
static bool blank(int k)
{
	return splice_blank(k) || k == '\0';
}

/* A line ends at \n, \r\n or a \r alone, as GCC reads it. */
static bool line_end(const struct c_lexer *lx, const char *p)
{
	return *p == '\n' || (*p == '\r' && (p + 1 >= lx->end || p[1] != '\n'));
}

/* The byte at c after any line splices there (c moves past them), or -1 at
 * the end; a line's end is '\n' however it is written. A splice is a
 * backslash, optional blanks, then the line's end. */
static int ch(const struct c_lexer *lx, struct cur *c)
{
	while (c->p < lx->end && *c->p == '\\') {
		const char *q = c->p + 1;
		while (q < lx->end && splice_blank((unsigned char)*q) && !line_end(lx, q))
			++q;
		if (q >= lx->end || !line_end(lx, q))
			break;
		c->p = q + 1;
		c->line++;
		c->spliced = true;
	}
	if (c->p >= lx->end)
		return -1;
	return line_end(lx, c->p) ? '\n' : (unsigned char)*c->p;
}

/* Past the byte at c (ch() was called on it). */
static void adv(const struct c_lexer *lx, struct cur *c)
{
	if (line_end(lx, c->p))
		c->line++;
	c->p++;
}

/* The byte after the one at c, splices aside, without moving c. */
static int ch_after(const struct c_lexer *lx, const struct cur *c)
{
	struct cur n = *c;
	if (ch(lx, &n) < 0)
		return -1;
	adv(lx, &n);
	return ch(lx, &n);
}

static bool ident_start(int k)
{
	return (k >= 'a' && k <= 'z') || (k >= 'A' && k <= 'Z') || k == '_' || k == '$' ||
	       k >= 0x80;
}

static bool ident_char(int k)
{
	return ident_start(k) || (k >= '0' && k <= '9');
}

static bool hex_digit(int k)
{
	return (k >= '0' && k <= '9') || (k >= 'a' && k <= 'f') || (k >= 'A' && k <= 'F');
}

/* A universal character name (\u + 4 or \U + 8 hex digits) at c: its length
 * in bytes (no splices inside one is read), or 0. */
static size_t ucn_at(const struct c_lexer *lx, const struct cur *c)
{
	const char *p = c->p;
	if (p + 1 >= lx->end || p[0] != '\\' || (p[1] != 'u' && p[1] != 'U'))
		return 0;
	size_t digits = p[1] == 'u' ? 4 : 8;
	if ((size_t)(lx->end - p) < 2 + digits)
		return 0;
	for (size_t i = 0; i < digits; ++i)
		if (!hex_digit((unsigned char)p[2 + i]))
			return 0;
	return 2 + digits;
}

/* ------------------------------------------------------------------------
 * File names of line markers, interned
 * ------------------------------------------------------------------------ */

static const char *intern(struct c_lexer *lx, char *name)
{
	if (2 * (lx->nnames + 1) > lx->names_cap) {
		size_t cap = lx->names_cap ? 2 * lx->names_cap : 64;
		char **slots = xcalloc(cap, sizeof *slots);
		for (size_t i = 0; i < lx->names_cap; ++i) {
			if (!lx->names[i])
				continue;
			size_t k =
			        fnv1a(FNV1A_OFFSET, lx->names[i], strlen(lx->names[i])) & (cap - 1);
			while (slots[k])
				k = (k + 1) & (cap - 1);
			slots[k] = lx->names[i];
		}
		free(lx->names);
		lx->names = slots;
		lx->names_cap = cap;
	}
	size_t k = fnv1a(FNV1A_OFFSET, name, strlen(name)) & (lx->names_cap - 1);
	while (lx->names[k] && strcmp(lx->names[k], name))
		k = (k + 1) & (lx->names_cap - 1);
	if (lx->names[k]) {
		free(name);
		return lx->names[k];
	}
	lx->nnames++;
	return lx->names[k] = name;
}

/* ------------------------------------------------------------------------
 * Literals
 * ------------------------------------------------------------------------ */

static void note_unterminated(struct c_lexer *lx, int line)
{
	if (!lx->unterminated++)
		lx->first_unterminated_line = line;
}

/* The rest of a quoted literal, c just past its opening quote: to the
 * closing quote, or (unterminated) to the end of the line. */
static bool lex_quoted(const struct c_lexer *lx, struct cur *c, int quote)
{
	for (;;) {
		int k = ch(lx, c);
		if (k < 0 || k == '\n')
			return false;
		adv(lx, c);
		if (k == quote)
			return true;
		if (k == '\\') {
			k = ch(lx, c);
			if (k < 0 || k == '\n')
				return false;
			adv(lx, c);
		}
	}
}

/* The rest of a raw string, c just past R": the delimiter, (, the body and
 * )delimiter". Inside, splices are not splices. False when unterminated
 * (a bad delimiter ends it there, a missing end at the end of the text). */
static bool lex_raw(const struct c_lexer *lx, struct cur *c)
{
	const char *d = c->p;
	while (c->p < lx->end && c->p - d <= 16 && *c->p != '(' && !strchr(" )\\\t\v\f\r\n", *c->p))
		c->p++;
	if (c->p >= lx->end || *c->p != '(' || c->p - d > 16)
		return false;
	size_t dlen = (size_t)(c->p - d);
	for (c->p++; c->p < lx->end; c->p++) {
		if (line_end(lx, c->p))
			c->line++;
		if (*c->p == ')' && (size_t)(lx->end - c->p) > dlen + 1 &&
		    !memcmp(c->p + 1, d, dlen) && c->p[1 + dlen] == '"') {
			c->p += dlen + 2;
			return true;
		}
	}
	return false;
}

/* A header name after #include at c (< or "): true, with c past it, when it
 * closes on its logical line ("name" has no escapes). */
static bool lex_header(const struct c_lexer *lx, struct cur *c)
{
	int close = ch(lx, c) == '<' ? '>' : '"';
	struct cur n = *c;
	adv(lx, &n);
	for (;;) {
		int k = ch(lx, &n);
		if (k < 0 || k == '\n')
			return false;
		adv(lx, &n);
		if (k == close) {
			*c = n;
			return true;
		}
	}
}

/* An identifier at c, then a literal when it is a prefix of one (u8"", L'',
 * R"(...)"). Sets kind; false when the literal is unterminated. */
static bool lex_word(const struct c_lexer *lx, struct cur *c, enum c_kind *kind)
{
	char prefix[4];
	size_t n = 0;
	*kind = C_IDENT;
	for (;;) {
		int k = ch(lx, c);
		size_t ucn = k == '\\' ? ucn_at(lx, c) : 0;
		if (ucn) {
			c->p += ucn;
			n = sizeof prefix;
			continue;
		}
		if (k < 0 || !ident_char(k))
			break;
		if (n < sizeof prefix)
			prefix[n] = (char)k;
		++n;
		adv(lx, c);
	}
	int quote = ch(lx, c);
	if ((quote != '"' && quote != '\'') || n > 3)
		return true;
	static const char *const plain[] = {"u8", "u", "U", "L"};
	static const char *const raw[] = {"R", "u8R", "uR", "UR", "LR"};
	for (size_t i = 0; i < sizeof raw / sizeof raw[0]; ++i)
		if (quote == '"' && strlen(raw[i]) == n && !memcmp(prefix, raw[i], n)) {
			adv(lx, c);
			*kind = C_STRING;
			return lex_raw(lx, c);
		}
	for (size_t i = 0; i < sizeof plain / sizeof plain[0]; ++i)
		if (strlen(plain[i]) == n && !memcmp(prefix, plain[i], n)) {
			adv(lx, c);
			*kind = quote == '"' ? C_STRING : C_CHAR;
			return lex_quoted(lx, c, quote);
		}
	return true;
}

/* A preprocessing number at c (a digit, or . and a digit). */
static void lex_number(const struct c_lexer *lx, struct cur *c)
{
	int prev = 0;
	for (;;) {
		int k = ch(lx, c);
		if (k < 0)
			return;
		bool sign = (k == '+' || k == '-') &&
		            (prev == 'e' || prev == 'E' || prev == 'p' || prev == 'P');
		bool separator = k == '\'' && ident_char(ch_after(lx, c));
		if (!ident_char(k) && k != '.' && !sign && !separator)
			return;
		prev = k;
		adv(lx, c);
	}
}

/* ------------------------------------------------------------------------
 * Punctuators
 * ------------------------------------------------------------------------ */

struct punct {
	const char *spelling, *means;
};

/* Longest first, so that the first match is the longest. */
static const struct punct puncts[] = {
        {"%:%:", "##"}, {"<<<", "<<<"}, {">>>", ">>>"}, {"<<=", "<<="}, {">>=", ">>="},
        {"...", "..."}, {"->*", "->*"}, {"->", "->"},   {"++", "++"},   {"--", "--"},
        {"<<", "<<"},   {">>", ">>"},   {"<=", "<="},   {">=", ">="},   {"==", "=="},
        {"!=", "!="},   {"&&", "&&"},   {"||", "||"},   {"*=", "*="},   {"/=", "/="},
        {"%=", "%="},   {"+=", "+="},   {"-=", "-="},   {"&=", "&="},   {"^=", "^="},
        {"|=", "|="},   {"##", "##"},   {"::", "::"},   {".*", ".*"},   {"<:", "["},
        {":>", "]"},    {"<%", "{"},    {"%>", "}"},    {"%:", "#"},
};

/* The punctuator at c into t->punct, c past it; false when the byte at c
 * starts none. */
static bool lex_punct(const struct c_lexer *lx, struct cur *c, struct c_token *t)
{
	char got[4];
	struct cur after[4];
	size_t n = 0;
	struct cur k = *c;
	for (; n < 4; ++n) {
		int b = ch(lx, &k);
		if (b < 0)
			break;
		got[n] = (char)b;
		adv(lx, &k);
		after[n] = k;
	}
	for (size_t i = 0; i < sizeof puncts / sizeof puncts[0]; ++i) {
		size_t len = strlen(puncts[i].spelling);
		if (len > n || memcmp(got, puncts[i].spelling, len))
			continue;
		if (len == 3 && (got[0] == '<' || got[0] == '>') && got[1] == got[0] &&
		    got[2] == got[0] && !(lx->options & C_LEX_LAUNCH))
			continue;
		/* C++11: <:: is < :: unless :: is followed by : or > */
		if (len == 2 && got[0] == '<' && got[1] == ':' && n >= 3 && got[2] == ':' &&
		    (n < 4 || (got[3] != ':' && got[3] != '>')))
			break;
		strcpy(t->punct, puncts[i].means);
		*c = after[len - 1];
		return true;
	}
	if (n == 0 || !strchr("{}[]()#;:?.~!+-*/%^&|=<>,", got[0]) || got[0] == '\0')
		return false;
	t->punct[0] = got[0];
	t->punct[1] = '\0';
	*c = after[0];
	return true;
}

/* ------------------------------------------------------------------------
 * Directives: #include's header name, #line and line markers
 * ------------------------------------------------------------------------ */

/* A decimal line number, as #line and markers take; -1 when it is not one. */
static long line_number(const struct c_token *t)
{
	char *s = c_tok_text(t);
	long n = 0;
	for (const char *p = s; *p && n >= 0; ++p)
		n = *p >= '0' && *p <= '9' && n < 100000000 ? n * 10 + (*p - '0') : -1;
	free(s);
	return n;
}

/* Moves the directive state on with the token t, which is on its line. */
static void directive_token(struct c_lexer *lx, const struct c_token *t)
{
	switch (lx->directive) {
	case D_NAME:
		lx->directive = D_OTHER;
		if (t->kind == C_NUMBER && (lx->mark_line = (int)line_number(t)) >= 0)
			lx->directive = D_MARK_FILE;
		else if (c_tok_is(t, "line"))
			lx->directive = D_LINE;
		else if (c_tok_is(t, "include") || c_tok_is(t, "include_next") ||
		         c_tok_is(t, "import"))
			lx->directive = D_INCLUDE;
		break;
	case D_LINE:
		lx->directive = D_OTHER;
		if (t->kind == C_NUMBER && (lx->mark_line = (int)line_number(t)) >= 0)
			lx->directive = D_MARK_FILE;
		break;
	case D_MARK_FILE:
		lx->directive = D_OTHER;
		if (t->kind == C_STRING && t->at[0] == '"' && !t->unterminated) {
			char *spelling = c_tok_text(t);
			lx->mark_file =
			        intern(lx, c_string_value(spelling, strlen(spelling), NULL));
			free(spelling);
			lx->directive = D_MARK_FLAGS;
		}
		break;
	case D_MARK_FLAGS: {
		long flag = t->kind == C_NUMBER ? line_number(t) : -1;
		if (flag >= 1 && flag <= 4)
			lx->mark_flags |= 1u << flag;
		break;
	}
	case D_INCLUDE:
		lx->directive = D_OTHER;
		break;
	default:
		break;
	}
}

/* The end of a directive's line, the newline consumed: a #line or marker
 * that was whole moves the presumed position, and is reported in t (at the
 * position the directive itself had). */
static bool end_directive(struct c_lexer *lx, struct c_token *t)
{
	bool mark = lx->directive == D_MARK_FILE || lx->directive == D_MARK_FLAGS;
	lx->directive = D_NONE;
	if (!mark)
		return false;
	memset(t, 0, sizeof *t);
	t->kind = C_LINEMARK;
	t->at = lx->p;
	t->line = lx->directive_line;
	t->pline = lx->pline_base + (lx->directive_line - lx->base_line);
	t->pfile = lx->pfile;
	t->directive = true;
	t->mark_line = lx->mark_line;
	t->mark_file = lx->mark_file;
	t->mark_flags = lx->mark_flags;
	lx->base_line = lx->line;
	lx->pline_base = lx->mark_line;
	if (lx->mark_file)
		lx->pfile = lx->mark_file;
	lx->mark_file = NULL;
	lx->mark_flags = 0;
	return true;
}

/* ------------------------------------------------------------------------
 * The token stream
 * ------------------------------------------------------------------------ */

void c_lex_init(struct c_lexer *lx, const char *text, size_t len, unsigned options)
{
	memset(lx, 0, sizeof *lx);
	lx->text = lx->p = text;
	lx->end = text + len;
	lx->options = options;
	lx->line = lx->base_line = lx->pline_base = 1;
	lx->bol = true;
}

void c_lex_skip_to_directive(struct c_lexer *lx)
{
	if (lx->directive != D_NONE)
		return;
	const char *p = lx->p;
	int lines = 0;
	for (bool line_start = p == lx->text || p[-1] == '\n';; line_start = true) {
		if (line_start) {
			const char *q = p;
			while (q < lx->end && (*q == ' ' || *q == '\t'))
				++q;
			if (q < lx->end && *q == '#')
				break;
		}
		const char *nl = memchr(p, '\n', (size_t)(lx->end - p));
		if (!nl) {
			p = lx->end;
			break;
		}
		++lines;
		p = nl + 1;
	}
	lx->p = p;
	lx->line += lines;
	lx->bol = true;
}

void c_lex_free(struct c_lexer *lx)
{
	for (size_t i = 0; i < lx->names_cap; ++i)
		free(lx->names[i]);
	free(lx->names);
	memset(lx, 0, sizeof *lx);
}

/* Skips a comment at c when one starts there; true when it did. */
static bool skip_comment(struct c_lexer *lx, struct cur *c)
{
	if (ch(lx, c) != '/')
		return false;
	int second = ch_after(lx, c);
	if (second != '/' && second != '*')
		return false;
	int start = c->line;
	adv(lx, c);
	ch(lx, c);
	adv(lx, c);
	if (second == '/') { /* to the end of the logical line */
		for (int k; (k = ch(lx, c)) >= 0 && k != '\n';)
			adv(lx, c);
		return true;
	}
	for (;;) {
		int k = ch(lx, c);
		if (k < 0) {
			note_unterminated(lx, start);
			return true;
		}
		adv(lx, c);
		if (k == '*' && ch(lx, c) == '/') {
			adv(lx, c);
			return true;
		}
	}
}

/* The token that starts at c (not a blank, a newline or a comment). */
static void lex_token(struct c_lexer *lx, struct cur *c, struct c_token *t)
{
	int k = ch(lx, c);
	bool closed = true;
	t->at = c->p;
	t->line = c->line;
	c->spliced = false;
	if (lx->directive == D_INCLUDE && (k == '<' || k == '"') && lex_header(lx, c)) {
		t->kind = C_HEADER;
	} else if (ident_start(k) || (k == '\\' && ucn_at(lx, c))) {
		closed = lex_word(lx, c, &t->kind);
	} else if ((k >= '0' && k <= '9') ||
	           (k == '.' && ch_after(lx, c) >= '0' && ch_after(lx, c) <= '9')) {
		t->kind = C_NUMBER;
		lex_number(lx, c);
	} else if (k == '"' || k == '\'') {
		t->kind = k == '"' ? C_STRING : C_CHAR;
		adv(lx, c);
		closed = lex_quoted(lx, c, k);
	} else if (lex_punct(lx, c, t)) {
		t->kind = C_PUNCT;
	} else {
		t->kind = C_OTHER;
		adv(lx, c);
	}
	if (!closed) {
		t->unterminated = true;
		note_unterminated(lx, t->line);
	}
	t->len = (size_t)(c->p - t->at);
	t->spliced = c->spliced;
}

bool c_lex_next(struct c_lexer *lx, struct c_token *t)
{
	for (;;) {
		struct cur c = {lx->p, lx->line, false};
		int k = ch(lx, &c);
		if (k < 0 || k == '\n') {
			if (k == '\n')
				adv(lx, &c);
			lx->p = c.p;
			lx->line = c.line;
			lx->bol = true;
			if (lx->directive != D_NONE && end_directive(lx, t))
				return true;
			if (k >= 0)
				continue;
			memset(t, 0, sizeof *t);
			t->at = lx->end;
			t->line = lx->line;
			return false;
		}
		if (blank(k) || skip_comment(lx, &c)) {
			if (blank(k))
				adv(lx, &c);
			lx->p = c.p;
			lx->line = c.line;
			continue;
		}
		memset(t, 0, sizeof *t);
		lex_token(lx, &c, t);
		lx->p = c.p;
		lx->line = c.line;
		t->bol = lx->bol;
		lx->bol = false;
		t->pline = lx->pline_base + (t->line - lx->base_line);
		t->pfile = lx->pfile;
		if (lx->directive != D_NONE) {
			t->directive = true;
			directive_token(lx, t);
		} else if (t->bol && t->kind == C_PUNCT && !strcmp(t->punct, "#")) {
			t->directive = true;
			lx->directive = D_NAME;
			lx->directive_line = t->line;
			lx->mark_file = NULL;
			lx->mark_flags = 0;
		}
		return true;
	}
}

/* ------------------------------------------------------------------------
 * Spellings and values
 * ------------------------------------------------------------------------ */

/* The bytes of [p, end) with line splices left out, into out (at most cap
 * bytes; the full length is returned). */
static size_t unspliced(const char *p, const char *end, char *out, size_t cap)
{
	struct c_lexer lx = {.end = end};
	struct cur c = {p, 0, false};
	size_t n = 0;
	for (int k; c.p < end && (k = ch(&lx, &c)) >= 0; adv(&lx, &c)) {
		if (n < cap)
			out[n] = (char)k;
		++n;
	}
	return n;
}

bool c_tok_is(const struct c_token *t, const char *s)
{
	if (t->kind == C_PUNCT)
		return !strcmp(t->punct, s);
	size_t n = strlen(s);
	if (!t->spliced)
		return t->len == n && !memcmp(t->at, s, n);
	char buf[256];
	return n <= sizeof buf && unspliced(t->at, t->at + t->len, buf, sizeof buf) == n &&
	       !memcmp(buf, s, n);
}

bool c_tok_starts(const struct c_token *t, const char *prefix)
{
	size_t n = strlen(prefix);
	if (t->kind != C_IDENT)
		return false;
	if (!t->spliced)
		return t->len >= n && !memcmp(t->at, prefix, n);
	char buf[64];
	return n <= sizeof buf && unspliced(t->at, t->at + t->len, buf, n) >= n &&
	       !memcmp(buf, prefix, n);
}

char *c_spelling(const char *from, const char *to)
{
	char *s = xmalloc((size_t)(to - from) + 1);
	s[unspliced(from, to, s, (size_t)(to - from))] = '\0';
	return s;
}

void c_tokens_read(struct c_tokens *ts, const char *text, size_t len, unsigned options)
{
	size_t cap = 0;
	ts->v = NULL;
	ts->n = 0;
	c_lex_init(&ts->lx, text, len, options);
	struct c_token t;
	while (c_lex_next(&ts->lx, &t)) {
		if (ts->n == cap) {
			cap = cap ? 2 * cap : 256;
			ts->v = xrealloc(ts->v, cap * sizeof *ts->v);
		}
		ts->v[ts->n++] = t;
	}
}

void c_tokens_free(struct c_tokens *ts)
{
	free(ts->v);
	c_lex_free(&ts->lx);
	memset(ts, 0, sizeof *ts);
}

char *c_tok_text(const struct c_token *t)
{
	if (t->kind == C_PUNCT)
		return xstrdup(t->punct);
	char *s = xmalloc(t->len + 1);
	size_t n = t->spliced ? unspliced(t->at, t->at + t->len, s, t->len) : t->len;
	if (!t->spliced)
		memcpy(s, t->at, n);
	s[n] = '\0';
	return s;
}

static void put_utf8(struct strbuf *b, unsigned long cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xc0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3f)), n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xe0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3f));
		u[2] = (char)(0x80 | (cp & 0x3f)), n = 3;
	} else {
		u[0] = (char)(0xf0 | (cp >> 18 & 0x07)), u[1] = (char)(0x80 | ((cp >> 12) & 0x3f));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3f)), u[3] = (char)(0x80 | (cp & 0x3f)), n = 4;
	}
	sb_add(b, u, n);
}

/* One escape sequence after its backslash at *p (before end), into b. */
static void put_escape(struct strbuf *b, const char **p, const char *end)
{
	static const char simple[] = "n\nt\tr\rv\vf\fa\ab\be\033";
	char c = *(*p)++;
	const char *s = strchr(simple, c);
	if (c && s && (s - simple) % 2 == 0) {
		sb_add(b, s + 1, 1);
	} else if (c >= '0' && c <= '7') {
		unsigned v = (unsigned)(c - '0');
		for (int i = 0; i < 2 && *p < end && **p >= '0' && **p <= '7'; ++i)
			v = v * 8 + (unsigned)(*(*p)++ - '0');
		char byte = (char)v;
		sb_add(b, &byte, 1);
	} else if (c == 'x' || c == 'u' || c == 'U') {
		unsigned long v = 0;
		int most = c == 'x' ? 16 : c == 'u' ? 4 : 8;
		for (int i = 0; i < most && *p < end && hex_digit((unsigned char)**p); ++i) {
			char d = *(*p)++;
			v = v * 16 + (unsigned long)(d <= '9' ? d - '0' : (d | 0x20) - 'a' + 10);
		}
		if (c == 'x') {
			char byte = (char)v;
			sb_add(b, &byte, 1);
		} else {
			put_utf8(b, v > 0x10ffff ? 0xfffd : v);
		}
	} else {
		sb_add(b, &c, 1); /* \\ \" \' \? and what has no meaning */
	}
}

char *c_string_value(const char *at, size_t len, size_t *out_len)
{
	const char *end = at + len, *p = memchr(at, '"', len);
	struct strbuf b = {0};
	if (!p)
		p = memchr(at, '\'', len);
	bool raw = p && p > at && p[-1] == 'R';
	const char *stop = end;
	if (p && raw) { /* R"delim( ... )delim" */
		const char *open = memchr(p, '(', (size_t)(end - p));
		size_t dlen = open ? (size_t)(open - p - 1) : 0;
		stop = open && (size_t)(end - open) >= dlen + 3 ? end - dlen - 2 : end;
		p = open ? open : end;
	}
	if (p && p < end)
		++p;
	if (!raw && end > p && (end[-1] == '"' || end[-1] == '\''))
		stop = end - 1;
	while (p && p < stop) {
		if (*p == '\\' && !raw && p + 1 < stop) {
			++p;
			put_escape(&b, &p, stop);
		} else {
			sb_add(&b, p++, 1);
		}
	}
	if (out_len)
		*out_len = b.len;
	return sb_take(&b);
}

void c_quote(struct strbuf *b, const char *s)
{
	sb_add(b, "\"", 1);
	for (const unsigned char *c = (const unsigned char *)s; *c; ++c) {
		if (*c == '"' || *c == '\\')
			sb_add(b, "\\", 1);
		if (*c < 0x20 || *c == 0x7f)
			sb_printf(b, "\\%03o", *c);
		else
			sb_add(b, (const char *)c, 1);
	}
	sb_add(b, "\"", 1);
}

int c_first_identifier_line(const char *text, const char *word)
{
	struct c_lexer lx;
	struct c_token t;
	int line = 0;
	if (!text || !*word)
		return 0;
	c_lex_init(&lx, text, strlen(text), 0);
	while (!line && c_lex_next(&lx, &t))
		if (t.kind == C_IDENT && c_tok_is(&t, word))
			line = t.line;
	c_lex_free(&lx);
	return line;
}
