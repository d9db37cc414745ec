/* Frames placed by addr2line; see symbolize.h.
 *
 * A frame it could not place reads
 *   "    #3 function(args) <null> (test+0x11f3c)"   (or "<null> <null>");
 * race_report.h's tsan_frame splits a frame line. The offset in the module
 * is a return address or close after the access, so its line is asked for
 * one byte earlier, inside the instruction itself. */
#include "verdict/symbolize.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/race_report.h"
#include "run/supervise.h"
#include "util.h"

#define MAX_FRAMES 128 /* addresses asked for in one addr2line run */

struct frame {
	size_t at, len; /* where its location is in the report */
	unsigned long long offset;
};

/* The frame at `line` when it is one of module `module`: where its location
 * is in the line, and the offset in the module. */
static bool module_frame(const char *line, const char *module, size_t *at, size_t *at_len,
                         unsigned long long *offset)
{
	struct tsan_frame f;
	size_t mlen = strlen(module);
	if (!tsan_frame(line, &f) || f.where_len == 0 || f.module_len < mlen + 4 ||
	    strncmp(f.module, module, mlen) || strncmp(f.module + mlen, "+0x", 3))
		return false;
	char *end = NULL;
	*offset = strtoull(f.module + mlen + 3, &end, 16);
	if (end != f.module + f.module_len || *offset == 0)
		return false;
	*at = (size_t)(f.where - line);
	*at_len = f.where_len;
	return true;
}

/* addr2line's answers, one line per address asked ("file:line", maybe with
 * " (discriminator N)"; "??:0" when it does not know). */
static char *ask_addr2line(const char *tool, const char *binary, const struct frame *frames, int n)
{
	char *argv[MAX_FRAMES + 4];
	char offsets[MAX_FRAMES][24];
	int k = 0;
	argv[k++] = (char *)tool;
	argv[k++] = "-e";
	argv[k++] = (char *)binary;
	for (int i = 0; i < n; ++i) {
		snprintf(offsets[i], sizeof offsets[i], "0x%llx", frames[i].offset - 1);
		argv[k++] = offsets[i];
	}
	argv[k] = NULL;
	const struct run_limits lim = {
	        .wall_s = 20, .output_keep = 1 << 20, .output_kill = 8 << 20};
	struct run_result r;
	if (run_supervised(argv, -1, &lim, &r) != 0)
		return NULL;
	char *out = NULL;
	if (r.end == RUN_EXITED && r.exit_code == 0) {
		out = r.output;
		r.output = NULL;
	}
	run_result_free(&r);
	return out;
}

char *place_frames(const char *report, const char *binary)
{
	if (!report || !binary)
		return NULL;
	const char *slash = strrchr(binary, '/');
	const char *module = slash ? slash + 1 : binary;
	struct frame frames[MAX_FRAMES];
	int n = 0;
	for (const char *line = report; *line && n < MAX_FRAMES;) {
		size_t len = strcspn(line, "\n");
		size_t at, at_len;
		unsigned long long offset;
		if (module_frame(line, module, &at, &at_len, &offset))
			frames[n++] = (struct frame){.at = (size_t)(line - report) + at,
			                             .len = at_len,
			                             .offset = offset};
		line += len + (line[len] ? 1 : 0);
	}
	if (n == 0)
		return NULL;
	char *tool = find_in_dirs(getenv("PATH"), "addr2line");
	char *answers = tool ? ask_addr2line(tool, binary, frames, n) : NULL;
	free(tool);
	if (!answers)
		return NULL;
	struct strbuf out = {0};
	size_t copied = 0;
	int placed = 0;
	const char *a = answers;
	for (int i = 0; i < n && *a; ++i) {
		size_t len = strcspn(a, "\n");
		size_t keep = len;
		const char *disc = strstr(a, " (discriminator");
		if (disc && (size_t)(disc - a) < keep)
			keep = (size_t)(disc - a);
		bool known = keep > 0 && strncmp(a, "??", 2) && a[keep - 1] != '?' &&
		             !(keep >= 2 && !strncmp(a + keep - 2, ":0", 2));
		if (known) {
			sb_add(&out, report + copied, frames[i].at - copied);
			sb_add(&out, a, keep);
			copied = frames[i].at + frames[i].len;
			++placed;
		}
		a += len + (a[len] ? 1 : 0);
	}
	free(answers);
	if (!placed) {
		free(sb_take(&out));
		return NULL;
	}
	sb_puts(&out, report + copied);
	return sb_take(&out);
}
