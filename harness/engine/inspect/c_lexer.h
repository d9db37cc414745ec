/*
 * The one reader of C/CUDA text in the engine: the learner's file as
 * written, a problem's glue, or nvcc's preprocessed output (.ii). Every
 * check that asks "is this code?" asks it here (rules_source.c,
 * host_code.c, judge_names.c, hostobj.c, rewrite.c), so that no two checks
 * can disagree on what a learner's text means.
 *
 * It reads the text as the compiler does (translation phases 1 to 3, and
 * the directives that move line numbers):
 *   - line splices (backslash, optional blanks, newline) anywhere: inside
 *     tokens, inside // comments (which then go on on the next line), and
 *     between * and / of a block comment;
 *   - block and line comments; an unterminated block comment ends at the
 *     end of the text;
 *   - string and character literals with escapes and the prefixes u8, u, U
 *     and L; raw strings R"delim(...)delim" with those prefixes (no splices
 *     inside, as the compiler reverts them there); an unterminated literal
 *     ends at the end of its line (a raw string at the end of the text);
 *   - digraphs (<: :> <% %> %: %:%:), given in their usual spelling, so that
 *     %:define is a directive;
 *   - header names after #include; #line N "file" and GCC's line markers
 *     # N "file" flags, whose file name is a C string (GCC and nvcc write
 *     bytes >= 0x80, '"' and '\' of a path as escapes): the name is decoded.
 * Trigraphs are not replaced: the judge compiles CUDA as C++17, where GCC and
 * nvcc ignore them (??/ is no splice there).
 *
 * Physical line numbers stay right through splices: a token's `line` is the
 * line of its first byte in the text; `pline`/`pfile` are the position the
 * compiler presumes after #line and line markers (what a .ii reader wants).
 */
#ifndef HARNESS_ENGINE_INSPECT_C_LEXER_H
#define HARNESS_ENGINE_INSPECT_C_LEXER_H

#include <stdbool.h>
#include <stddef.h>

enum c_kind {
	C_END,
	C_IDENT,    /* identifiers and keywords ($ and bytes >= 0x80 included, as GCC) */
	C_NUMBER,   /* a preprocessing number: 0x1F, 1e-5f, 1'000 */
	C_STRING,   /* a string literal, any prefix, raw ones included */
	C_CHAR,     /* a character literal, any prefix */
	C_HEADER,   /* <name> or "name" after #include, #include_next or #import */
	C_PUNCT,    /* a punctuator; see c_token.punct */
	C_OTHER,    /* a byte no token starts with: a stray \ or ` or @ */
	C_LINEMARK, /* a #line or line marker has been read: see c_token.mark_* */
};

/* Flags of a GCC line marker (# N "file" 1 3): bit k set for flag k. */
enum {
	C_MARK_PUSH = 1u << 1,   /* entering an included file */
	C_MARK_POP = 1u << 2,    /* back in the including file */
	C_MARK_SYSTEM = 1u << 3, /* a system header */
};

/* Lexer options. */
enum {
	/* <<< and >>> are one punctuator each (a kernel launch), as nvcc reads
	 * them outside templates. Off: the C++ tokens << < and >> >. */
	C_LEX_LAUNCH = 1u << 0,
};

struct c_token {
	enum c_kind kind;
	const char *at;    /* the token's first byte in the text */
	size_t len;        /* its bytes in the text, line splices included */
	int line;          /* the physical line of its first byte, from 1 */
	int pline;         /* the line the compiler presumes (#line, markers) */
	const char *pfile; /* the file it presumes, decoded; NULL before any
	                    * marker names one. Lives as long as the lexer, and
	                    * equal names are the same pointer. */
	bool bol;          /* the first token of its logical line */
	bool directive;    /* on a preprocessing directive's line, its # included */
	bool spliced;      /* a line splice lies inside the token */
	bool unterminated; /* a literal that was not closed */
	char punct[5];     /* C_PUNCT: its spelling, digraphs replaced (<% is {) */
	/* C_LINEMARK: the line and file (NULL: unchanged) the next line gets,
	 * and the marker's flags (C_MARK_*); its line, pline and pfile are the
	 * directive's own (a marker that enters a header: the #include's). */
	int mark_line;
	const char *mark_file;
	unsigned mark_flags;
};

struct c_lexer {
	const char *text, *p, *end;
	unsigned options;
	int line;      /* the physical line at p */
	int base_line; /* presumed line pline_base is physical line base_line */
	int pline_base;
	const char *pfile;
	bool bol;      /* no token yet on the current logical line */
	int directive; /* where in a directive the next token is (c_lexer.c) */
	int directive_line;
	int mark_line; /* the marker being read */
	const char *mark_file;
	unsigned mark_flags;
	/* the file names seen, interned */
	char **names;
	size_t nnames, names_cap;
	/* what the compiler would report: unterminated literals and comments */
	int unterminated;
	int first_unterminated_line;
};

/* Reads text[0, len) (NUL bytes are ordinary bytes). options: C_LEX_*. */
void c_lex_init(struct c_lexer *lx, const char *text, size_t len, unsigned options);
/* The next token into t; false (t->kind C_END) at the end of the text. */
bool c_lex_next(struct c_lexer *lx, struct c_token *t);
void c_lex_free(struct c_lexer *lx);
/* Moves on to the next line that starts with '#' (in preprocessed text a line
 * marker or a pragma), counting the lines it passes, for a reader that wants
 * nothing of the text between (the rules' scan outside the learner's file);
 * nothing inside a directive, whose end must be read. */
void c_lex_skip_to_directive(struct c_lexer *lx);

/* True when the token is spelled s, line splices aside (a punctuator by its
 * usual spelling: "{" matches <% too). */
bool c_tok_is(const struct c_token *t, const char *s);
/* True when an identifier token starts with prefix, splices aside. */
bool c_tok_starts(const struct c_token *t, const char *prefix);
/* The token's spelling without line splices, malloc'd. */
char *c_tok_text(const struct c_token *t);
/* The text [from, to) without line splices, malloc'd. */
char *c_spelling(const char *from, const char *to);

/* Every token of a text at once, for the checks that look ahead and back. */
struct c_tokens {
	struct c_token *v;
	size_t n;
	struct c_lexer lx; /* owns the tokens' file names */
};
void c_tokens_read(struct c_tokens *ts, const char *text, size_t len, unsigned options);
void c_tokens_free(struct c_tokens *ts);

/* The value of the string literal spelled [at, at + len) (prefix and quotes
 * included, no splices): escapes decoded, \u and \U as UTF-8; malloc'd,
 * NUL-terminated, its length in *out_len when not NULL. */
char *c_string_value(const char *at, size_t len, size_t *out_len);

struct strbuf;
/* Appends s as a C string literal: " and \ escaped, control bytes in octal
 * (the inverse of c_string_value; bytes >= 0x80 as they are). */
void c_quote(struct strbuf *b, const char *s);

/* The physical line (from 1) of the first identifier token spelled word in
 * text, directives included, comments and literals not; 0 when none. */
int c_first_identifier_line(const char *text, const char *word);

#endif
