/*
 * The one reader of C/CUDA text (harness/engine/inspect/c_lexer.c): the
 * token stream and the line numbers of each edge case the compiler reads in
 * its own way (line splices, comments, literals, raw strings, digraphs,
 * #line and line markers with escaped paths, unterminated literals).
 * Each case is written as "line:kind:spelling" per token, kinds I(dent)
 * N(umber) S(tring) C(har) H(eader) P(unct) O(ther) M(arker), a trailing !
 * for an unterminated literal and a trailing ^ for a token on a directive.
 */
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "unit.h"
#include "util.h"

static char *tokens_of(const char *text, size_t len, unsigned options)
{
	static const char kinds[] = "EINSCHPOM";
	struct strbuf b = {0};
	struct c_lexer lx;
	struct c_token t;
	c_lex_init(&lx, text, len, options);
	while (c_lex_next(&lx, &t)) {
		if (b.len)
			sb_puts(&b, " ");
		if (t.kind == C_LINEMARK) {
			sb_printf(&b, "%d:M:%d:%s:%u", t.line, t.mark_line,
			          t.mark_file ? t.mark_file : "-", t.mark_flags);
			continue;
		}
		char *s = c_tok_text(&t);
		sb_printf(&b, "%d:%c:%s%s%s", t.line, kinds[t.kind], s, t.unterminated ? "!" : "",
		          t.directive ? "^" : "");
		free(s);
	}
	c_lex_free(&lx);
	return sb_take(&b);
}

#define CHECK_TOKENS(text, want)                                                                   \
	do {                                                                                       \
		char *got_ = tokens_of(text, sizeof(text) - 1, 0);                                 \
		CHECK_STR_EQ(got_, want);                                                          \
		free(got_);                                                                        \
	} while (0)

static void test_splices(void)
{
	/* inside an identifier, the token's line is its first byte's */
	CHECK_TOKENS("__sha\\\nred__ int a;", "1:I:__shared__ 2:I:int 2:I:a 2:P:;");
	CHECK_TOKENS("int a = 1;\nin\\\nt b;",
	             "1:I:int 1:I:a 1:P:= 1:N:1 1:P:; 2:I:int 3:I:b 3:P:;");
	/* blanks between the backslash and the newline, and CRLF */
	CHECK_TOKENS("x \\  \r\n y", "1:I:x 2:I:y");
	CHECK_TOKENS("int a;\r\nint b;\r\n", "1:I:int 1:I:a 1:P:; 2:I:int 2:I:b 2:P:;");
	/* a carriage return alone ends a line too (GCC): it ends a // comment */
	CHECK_TOKENS("// c\rint a;\rb", "2:I:int 2:I:a 2:P:; 3:I:b");
	CHECK_TOKENS("x \\\ry", "1:I:x 2:I:y");
	/* a backslash not before a newline is no splice */
	CHECK_TOKENS("a \\ b", "1:I:a 1:O:\\ 1:I:b");
	/* a directive goes on over a splice; its name may be cut by one */
	CHECK_TOKENS("#def\\\nine X 1\nint y;",
	             "1:P:#^ 1:I:define^ 2:I:X^ 2:N:1^ 3:I:int 3:I:y 3:P:;");
	/* a string goes on over a splice too */
	CHECK_TOKENS("\"ab\\\ncd\" x", "1:S:\"abcd\" 2:I:x");
}

static void test_comments(void)
{
	/* a // comment spliced onto the next line hides that line */
	CHECK_TOKENS("// comment \\\n__shared__ int a;\nint b;", "3:I:int 3:I:b 3:P:;");
	/* the splice between * and / still ends a block comment */
	CHECK_TOKENS("/* x *\\\n/ int a;", "2:I:int 2:I:a 2:P:;");
	/* and one between the two slashes still starts a line comment */
	CHECK_TOKENS("/\\\n/ c\nint a;", "3:I:int 3:I:a 3:P:;");
	/* comment markers inside comments and literals are text */
	CHECK_TOKENS("/* /* // */ x // /* y\nz", "1:I:x 2:I:z");
	CHECK_TOKENS("\"/*\" x \"*/\"", "1:S:\"/*\" 1:I:x 1:S:\"*/\"");
	CHECK_TOKENS("'/' /* '*/ q", "1:C:'/' 1:I:q");
	/* a division is no comment */
	CHECK_TOKENS("a / b /= c", "1:I:a 1:P:/ 1:I:b 1:P:/= 1:I:c");
}

static void test_literals(void)
{
	CHECK_TOKENS("const char *s = \"__shared__\";",
	             "1:I:const 1:I:char 1:P:* 1:I:s 1:P:= 1:S:\"__shared__\" 1:P:;");
	CHECK_TOKENS("\"a\\\"b\" c '\\'' d", "1:S:\"a\\\"b\" 1:I:c 1:C:'\\'' 1:I:d");
	CHECK_TOKENS("u8\"x\" u\"x\" U\"x\" L\"x\" L'a' u8'a' u'a'",
	             "1:S:u8\"x\" 1:S:u\"x\" 1:S:U\"x\" 1:S:L\"x\" 1:C:L'a' 1:C:u8'a' 1:C:u'a'");
	/* only those prefixes make a literal */
	CHECK_TOKENS("u8x\"a\" R'a'", "1:I:u8x 1:S:\"a\" 1:I:R 1:C:'a'");
	/* an unterminated literal ends at the end of its line */
	CHECK_TOKENS("\"abc\nint x;", "1:S:\"abc! 2:I:int 2:I:x 2:P:;");
	CHECK_TOKENS("'a\nint x;", "1:C:'a! 2:I:int 2:I:x 2:P:;");
	/* splicing comes first: the second backslash and the newline go */
	CHECK_TOKENS("\"a\\\\\nb\"", "1:S:\"a\\b\"");
}

static void test_raw_strings(void)
{
	CHECK_TOKENS("R\"x(a)\" __shared__ )x\" int", "1:S:R\"x(a)\" __shared__ )x\" 1:I:int");
	CHECK_TOKENS("u8R\"(a)\" LR\"(b)\" uR\"(c)\" UR\"(d)\"",
	             "1:S:u8R\"(a)\" 1:S:LR\"(b)\" 1:S:uR\"(c)\" 1:S:UR\"(d)\"");
	/* over lines, and a backslash-newline inside is no splice */
	CHECK_TOKENS("R\"(a\nb\\\nc)\" x", "1:S:R\"(a\nb\\\nc)\" 3:I:x");
	/* unterminated: to the end of the text */
	CHECK_TOKENS("R\"d(never\nint x;", "1:S:R\"d(never\nint x;!");
	/* a delimiter longer than 16 characters is refused where it stops */
	CHECK_TOKENS("R\"aaaaaaaaaaaaaaaaa(x)aaaaaaaaaaaaaaaaa\" y",
	             "1:S:R\"aaaaaaaaaaaaaaaaa! 1:P:( 1:I:x 1:P:) 1:I:aaaaaaaaaaaaaaaaa 1:S:\" y!");
}

static void test_digraphs(void)
{
	CHECK_TOKENS("%:define X <% %> <: :> %:%:",
	             "1:P:#^ 1:I:define^ 1:I:X^ 1:P:{^ 1:P:}^ 1:P:[^ 1:P:]^ 1:P:##^");
	/* C++11: <:: is < then :: (std::vector<::std::string>) */
	CHECK_TOKENS("a<::b> c<:::d", "1:I:a 1:P:< 1:P::: 1:I:b 1:P:> 1:I:c 1:P:[ 1:P::: 1:I:d");
	CHECK_TOKENS("e<::>", "1:I:e 1:P:[ 1:P:]");
}

static void test_directives(void)
{
	/* only at the start of a logical line, comments before it aside */
	CHECK_TOKENS("x; # define A", "1:I:x 1:P:; 1:P:# 1:I:define 1:I:A");
	CHECK_TOKENS("/* c\n */ # define A\nB", "2:P:#^ 2:I:define^ 2:I:A^ 3:I:B");
	/* a block comment does not end a directive's line */
	CHECK_TOKENS("#define A /*\n*/ 1\nB", "1:P:#^ 1:I:define^ 1:I:A^ 2:N:1^ 3:I:B");
	CHECK_TOKENS("#include <stdio.h>\n#include \"a\\b.h\"\n#include F\n%:include <x.h>",
	             "1:P:#^ 1:I:include^ 1:H:<stdio.h>^ 2:P:#^ 2:I:include^ 2:H:\"a\\b.h\"^ "
	             "3:P:#^ 3:I:include^ 3:I:F^ 4:P:#^ 4:I:include^ 4:H:<x.h>^");
	/* a < that does not close on its line is no header name */
	CHECK_TOKENS("#include <stdio.h\nx", "1:P:#^ 1:I:include^ 1:P:<^ 1:I:stdio^ 1:P:.^ "
	                                     "1:I:h^ 2:I:x");
	/* trigraphs are not replaced (C++17): ??/ is no splice */
	CHECK_TOKENS("// c ?\?/\nint hidden;", "2:I:int 2:I:hidden 2:P:;");
}

/* The presumed position after #line and GCC's line markers. */
static void test_line_markers(void)
{
	CHECK_TOKENS("#line 10 \"a.cu\"\nint x;",
	             "1:P:#^ 1:I:line^ 1:N:10^ 1:S:\"a.cu\"^ 1:M:10:a.cu:0 2:I:int 2:I:x 2:P:;");
	CHECK_TOKENS("# 7\ny", "1:P:#^ 1:N:7^ 1:M:7:-:0 2:I:y");
	CHECK_TOKENS("#line X\ny", "1:P:#^ 1:I:line^ 1:I:X^ 2:I:y");
	static const char ii[] =
	        "# 1 \"/tmp/Jos\\303\\251 M\\303\\274ller/a\\\"b\\\\it's.cu\" 1 3\n"
	        "int x;\n\n"
	        "int y;\n";
	struct c_lexer lx;
	struct c_token t;
	c_lex_init(&lx, ii, sizeof ii - 1, 0);
	while (c_lex_next(&lx, &t) && t.kind != C_LINEMARK) {
	}
	CHECK_INT(t.kind, ==, C_LINEMARK);
	CHECK_STR_EQ(t.mark_file, "/tmp/José Müller/a\"b\\it's.cu");
	CHECK_INT(t.mark_flags, ==, C_MARK_PUSH | C_MARK_SYSTEM);
	const char *first = t.mark_file;
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "int"));
	CHECK_INT(t.line, ==, 2);
	CHECK_INT(t.pline, ==, 1);
	CHECK(t.pfile == first);
	while (c_lex_next(&lx, &t) && !c_tok_is(&t, "y")) {
	}
	CHECK_INT(t.line, ==, 4);
	CHECK_INT(t.pline, ==, 3);
	c_lex_free(&lx);
	/* names are interned: the same name twice is the same pointer */
	static const char two[] = "# 1 \"a.h\" 1\nx\n# 5 \"b.cu\" 2\ny\n# 9 \"a.h\"\nz\n";
	const char *seen[3];
	int n = 0;
	c_lex_init(&lx, two, sizeof two - 1, 0);
	while (c_lex_next(&lx, &t))
		if (t.kind == C_IDENT && n < 3)
			seen[n++] = t.pfile;
	c_lex_free(&lx);
	CHECK_INT(n, ==, 3);
	CHECK(n == 3 && seen[0] == seen[2] && seen[0] != seen[1]);
}

static bool next_marker(struct c_lexer *lx, struct c_token *t)
{
	while (c_lex_next(lx, t))
		if (t->kind == C_LINEMARK)
			return true;
	return false;
}

/* Skipping to the next directive line: the lines passed are counted (the
 * presumed line of what follows is right), a '#' line right at the current
 * position is not passed over, a '#' inside a line is no directive, and
 * nothing is skipped in the middle of a directive. */
static void test_skip_to_directive(void)
{
	static const char ii[] = "# 1 \"h.h\" 1\n"
	                         "int skipped = \"#\"; # no\n"
	                         "  more of it\n"
	                         "  # 40 \"a.cu\" 2\n"
	                         "int kept;\n";
	struct c_lexer lx;
	struct c_token t;
	c_lex_init(&lx, ii, sizeof ii - 1, 0);
	CHECK(next_marker(&lx, &t));
	c_lex_skip_to_directive(&lx); /* after a marker: at the start of a line */
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "#"));
	CHECK_INT(t.line, ==, 4);
	CHECK(next_marker(&lx, &t));
	CHECK_INT(t.mark_line, ==, 40);
	c_lex_skip_to_directive(&lx); /* "int kept" is not a directive: to the end */
	CHECK(!c_lex_next(&lx, &t));
	c_lex_free(&lx);
	c_lex_init(&lx, ii, sizeof ii - 1, 0);
	CHECK(next_marker(&lx, &t));
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "int"));
	c_lex_skip_to_directive(&lx); /* from the middle of a line */
	CHECK(next_marker(&lx, &t));
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "int"));
	CHECK_INT(t.line, ==, 5);
	CHECK_INT(t.pline, ==, 40);
	c_lex_free(&lx);
	static const char pragma[] = "#pragma a b\nx\n";
	c_lex_init(&lx, pragma, sizeof pragma - 1, 0);
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "#"));
	c_lex_skip_to_directive(&lx); /* inside the directive: nothing */
	CHECK(c_lex_next(&lx, &t) && c_tok_is(&t, "pragma"));
	c_lex_free(&lx);
}

static void test_numbers_and_punctuators(void)
{
	CHECK_TOKENS("1'000 0x1p-3 1e+5 .5f 1.2.3 a.b",
	             "1:N:1'000 1:N:0x1p-3 1:N:1e+5 1:N:.5f 1:N:1.2.3 1:I:a 1:P:. 1:I:b");
	CHECK_TOKENS("a->b ... x<<=2 y>>z", "1:I:a 1:P:-> 1:I:b 1:P:... 1:I:x 1:P:<<= 1:N:2 1:I:y "
	                                    "1:P:>> 1:I:z");
	/* <<< and >>>: one token each only when asked (a kernel launch) */
	CHECK_TOKENS("k<<<1, 2>>>()", "1:I:k 1:P:<< 1:P:< 1:N:1 1:P:, 1:N:2 1:P:>> 1:P:> "
	                              "1:P:( 1:P:)");
	char *got = tokens_of("k<<<1, 2>>>()", 13, C_LEX_LAUNCH);
	CHECK_STR_EQ(got, "1:I:k 1:P:<<< 1:N:1 1:P:, 1:N:2 1:P:>>> 1:P:( 1:P:)");
	free(got);
	CHECK_TOKENS("@ ` $x", "1:O:@ 1:O:` 1:I:$x");
}

static void test_unterminated_reported(void)
{
	static const char text[] = "int a;\n/* never closed\nint b;\n";
	struct c_lexer lx;
	struct c_token t;
	c_lex_init(&lx, text, sizeof text - 1, 0);
	int n = 0;
	while (c_lex_next(&lx, &t))
		++n;
	CHECK_INT(n, ==, 3);
	CHECK_INT(lx.unterminated, ==, 1);
	CHECK_INT(lx.first_unterminated_line, ==, 2);
	c_lex_free(&lx);
	/* NUL bytes are blanks, as GCC reads them */
	char *got = tokens_of("a\0b", 3, 0);
	CHECK_STR_EQ(got, "1:I:a 1:I:b");
	free(got);
}

static void test_string_values(void)
{
	static const char s[] = "\"a\\x41\\101\\u00e9\\n\\\\\\\"\"";
	size_t n;
	char *v = c_string_value(s, sizeof s - 1, &n);
	CHECK_STR_EQ(v, "aAAé\n\\\"");
	CHECK_INT(n, ==, 8);
	free(v);
	static const char raw[] = "u8R\"d(x\\n)\")d\"";
	v = c_string_value(raw, sizeof raw - 1, NULL);
	CHECK_STR_EQ(v, "x\\n)\"");
	free(v);
	CHECK_INT(c_first_identifier_line("// w\n\"w\" x\n  w\n", "w"), ==, 3);
	CHECK_INT(c_first_identifier_line("ww\n", "w"), ==, 0);
}

static const struct unit_test tests[] = {
        {"line splices", test_splices},
        {"comments", test_comments},
        {"string and character literals", test_literals},
        {"raw strings", test_raw_strings},
        {"digraphs", test_digraphs},
        {"directives and header names", test_directives},
        {"#line and line markers", test_line_markers},
        {"skipping to the next directive line", test_skip_to_directive},
        {"numbers and punctuators", test_numbers_and_punctuators},
        {"unterminated comments are reported", test_unterminated_reported},
        {"string values", test_string_values},
        {0}};

UNIT_MAIN(tests)
