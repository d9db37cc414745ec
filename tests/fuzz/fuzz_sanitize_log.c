/*
 * Fuzz target for the compute-sanitizer log parser and judgement
 * (harness/engine/verdict/sanitize.c): any bytes go in as a log; parsing and judging
 * it under each tool must neither crash nor leak, the findings' strings stay
 * terminated, and the message is a terminated string. Built like
 * fuzz_catalog.c: with fuzz_driver.c (the `fuzz_sanitize_log` test of the
 * unit suite, under ASan and UBSan where the compiler has them) or libFuzzer.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../harness/engine/verdict/sanitize.h"
#include "fuzz_text.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define LEARNER "/repo/exercises/warp_scan.cu"

static void broken(const char *why)
{
	fprintf(stderr, "fuzz_sanitize_log: %s\n", why);
	abort();
}

static void terminated(const char *s, size_t n, const char *what)
{
	if (!memchr(s, '\0', n))
		broken(what);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *log = fuzz_text(data, size);
	if (!log)
		return 0;
	struct san_report r;
	sanitize_parse(log, &r);
	if (r.n < 0 || (r.n > 0 && !r.f))
		broken("a report with a bad count of findings");
	for (int i = 0; i < r.n; ++i) {
		const struct san_finding *f = &r.f[i];
		terminated(f->what, sizeof f->what, "an unterminated 'what'");
		terminated(f->detail, sizeof f->detail, "an unterminated 'detail'");
		terminated(f->at.file, sizeof f->at.file, "an unterminated file");
		if (f->nframes < 0 || f->nframes > (int)(sizeof f->frames / sizeof f->frames[0]))
			broken("a frame count outside the frames kept");
		char text[2048];
		memset(text, 0x55, sizeof text);
		sanitize_describe(f, LEARNER, "/repo", "exercises/warp_scan.cu", text, sizeof text);
		terminated(text, sizeof text, "an unterminated description");
	}
	for (int t = 0; t < SAN_TOOLS; ++t) {
		struct san_judgement j;
		memset(&j, 0x55, sizeof j);
		sanitize_judge(&r, (enum sanitize_tool)t, LEARNER, "/repo",
		               "exercises/warp_scan.cu", &j);
		terminated(j.message, sizeof j.message, "an unterminated message");
	}
	sanitize_report_free(&r);
	free(log);
	return 0;
}
