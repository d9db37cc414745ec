/*
 * Fuzz target for the one reader of C/CUDA text (harness/engine/inspect/
 * c_lexer.c): any bytes go in as a learner's file or a .ii. The tokens must
 * come in order inside the text without overlapping, each token's line must
 * be 1 + the line ends before its first byte (splices counted), spellings
 * and string values must stay within the token, and the text must be read
 * the same way with and without the kernel-launch punctuators. Then every
 * check that reads code runs on it (the rules' source, directive and PTX
 * scans, the host-code finder, the judge-name checks, the emulator's
 * rewriting, which must keep every line where it was): none may crash.
 * Built like fuzz_catalog.c: with fuzz_driver.c (the `fuzz_c_lexer` test of
 * the unit suite, under ASan and UBSan where the compiler has them) or
 * libFuzzer (fuzz_c_lexer_libfuzzer). Seeds: tests/fuzz/c_corpus.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "fuzz_text.h"
#include "host_code.h"
#include "judge_names.h"
#include "rewrite.h"
#include "rules.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *why)
{
	fprintf(stderr, "fuzz_c_lexer: %s\n", why);
	abort();
}

/* Lines end at \n, \r\n and a \r alone, as GCC reads them. */
static size_t line_ends(const char *s, const char *end)
{
	size_t n = 0;
	for (; s < end; ++s)
		n += *s == '\n' || (*s == '\r' && (s + 1 == end || s[1] != '\n'));
	return n;
}

/* Reads the text once, checking every token; the number of tokens in
 * *ntokens. */
static void read_all(const char *text, size_t size, unsigned options, size_t *ntokens)
{
	struct c_lexer lx;
	struct c_token t;
	c_lex_init(&lx, text, size, options);
	const char *done = text; /* the end of the last token */
	int line = 1;
	const char *counted = text; /* line ends before it are in line */
	*ntokens = 0;
	while (c_lex_next(&lx, &t)) {
		if (t.at < done || t.at > text + size || t.len > (size_t)(text + size - t.at))
			broken("a token outside the text or overlapping the last one");
		line += (int)line_ends(counted, t.at);
		counted = t.at;
		if (t.kind == C_LINEMARK) {
			if (t.len || t.mark_line < 0 || (t.mark_file && strlen(t.mark_file) > size))
				broken("a line marker with text, a negative line or a long name");
			continue;
		}
		if (t.len == 0 || t.line != line)
			broken("an empty token, or one whose line is not its first byte's");
		char *s = c_tok_text(&t);
		if (strlen(s) > t.len && t.kind != C_PUNCT)
			broken("a spelling longer than the token");
		if (!t.spliced && t.kind != C_PUNCT && memcmp(s, t.at, strlen(s)))
			broken("an unspliced spelling that is not the text");
		if (t.kind == C_STRING || t.kind == C_CHAR) {
			size_t n;
			char *v = c_string_value(s, strlen(s), &n);
			if (n > strlen(s) * 4 || v[n] != '\0')
				broken("a string value out of proportion or unterminated");
			free(v);
		}
		free(s);
		done = t.at + t.len;
		++*ntokens;
	}
	if (t.kind != C_END || lx.unterminated < 0)
		broken("no end token");
	c_lex_free(&lx);
}

/* Every check that reads code, on the text (up to its first NUL byte). */
static void every_check(const char *text)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	rules_scan_source(text, "/x/a.cu", false, false, &s);
	rules_scan_source(text, "/x/a.cu", true, true, &s);
	rules_scan_directives(text, NULL, text, &s);
	rules_scan_ptx_launched(text, "/x/a.cu", text, &s);
	for (int r = 0; r < RULE_COUNT; ++r)
		if (!memchr(s.use[r].what, '\0', sizeof s.use[r].what))
			broken("an unterminated rule finding");
	struct host_code h;
	if (find_host_code(text, "/x/a.cu", "/r", &h, NULL) && !memchr(h.name, '\0', sizeof h.name))
		broken("an unterminated host-code name");
	char name[128];
	learner_redefines_judge_name(text, name, sizeof name);
	char *out = rewrite_for_emulator(text, "x.cu");
	if (line_ends(out, out + strlen(out)) != line_ends(text, text + strlen(text)) + 1)
		broken("the rewriting moved lines");
	free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = fuzz_text(data, size);
	if (!text)
		return 0;
	size_t plain, launch;
	read_all(text, size, 0, &plain);
	read_all(text, size, C_LEX_LAUNCH, &launch);
	if (launch > plain)
		broken("more tokens with <<< and >>> as one each");
	every_check(text);
	free(text);
	return 0;
}
