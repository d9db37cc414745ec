/* ThreadSanitizer reports in the learner's words; see race_report.h.
 *
 * The part of a report used here:
 *   WARNING: ThreadSanitizer: data race (pid=1)
 *     Write of size 4 at 0x7f.. by thread T5:
 *       #0 block_reduce_sum(float) /root/exercises/block_reduce_sum.cu:12 (test+0x..)
 *     Previous read of size 4 at 0x7f.. by thread T3:
 *       #0 block_reduce_sum(float) /root/exercises/block_reduce_sum.cu:15 (test+0x..)
 *     Location is global 'block_reduce_sum(float)::partial' of size 128 at ..
 *     Thread T5 'thread 37 of block 0' (tid=.., running) created by main thread at:
 */
#include "race_report.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "util.h"

struct access {
	char kind[16];   /* "write", "read", "atomic write", ... */
	char thread[16]; /* "T5" */
	char frame[256]; /* "file:line" of the first frame */
};

/* Copies the rest of the line at p into out. */
static void line_copy(const char *p, char *out, size_t len)
{
	size_t n = strcspn(p, "\n");
	if (n >= len)
		n = len - 1;
	memcpy(out, p, n);
	out[n] = '\0';
}

/* "Write of size 4 at 0x.. by thread T5:" and its first "#0 func path:line (..)". */
static const char *parse_access(const char *p, const char *root, struct access *a)
{
	memset(a, 0, sizeof *a);
	const char *of = strstr(p, " of size ");
	const char *by = strstr(p, " by thread ");
	const char *eol = strchr(p, '\n');
	if (!of || !by || (eol && by > eol))
		return NULL;
	size_t k = (size_t)(of - p);
	if (k >= sizeof a->kind)
		k = sizeof a->kind - 1;
	for (size_t i = 0; i < k; ++i)
		a->kind[i] = (char)(p[i] >= 'A' && p[i] <= 'Z' ? p[i] - 'A' + 'a' : p[i]);
	sscanf(by + strlen(" by thread "), "%15[^: \n]", a->thread);
	/* The first frame in the learner's or the problem's code: library and
	 * emulator frames say nothing to the learner. Frames end at a blank line. */
	const char *end = strstr(p, "\n\n");
	for (const char *frame = strstr(p, "    #"); frame && (!end || frame < end);
	     frame = strstr(frame + 1, "    #")) {
		char line[512];
		const char *text = strchr(frame, ' ' + 0) ? strstr(frame, "#") : frame;
		text = strchr(text, ' ');
		if (!text)
			break;
		line_copy(text + 1, line, sizeof line);
		/* "func(args) path:line (module+0x..)": the path is the last word
		 * before the " (" of the module */
		char *paren = strstr(line, " (");
		while (paren && strstr(paren + 1, " ("))
			paren = strstr(paren + 1, " (");
		if (paren)
			*paren = '\0';
		char *space = strrchr(line, ' ');
		const char *where = space ? space + 1 : line;
		const char *rel = relative_to(where, root);
		if (rel != where && strncmp(rel, "harness/emu/", 12) != 0 &&
		    strncmp(rel, "harness/runtime/", 16) != 0) {
			snprintf(a->frame, sizeof a->frame, "%s", rel);
			break;
		}
	}
	if (!a->frame[0])
		snprintf(a->frame, sizeof a->frame, "a place outside your code");
	return eol ? eol + 1 : p + strlen(p);
}

/* The name TSan gives thread `tid` ("T5"), e.g. "thread 37 of block 0". */
static void thread_name(const char *report, const char *tid, char *out, size_t len)
{
	char key[32];
	snprintf(key, sizeof key, "Thread %s '", tid);
	const char *p = strstr(report, key);
	if (!p) {
		snprintf(out, len, "another thread");
		return;
	}
	p += strlen(key);
	size_t n = strcspn(p, "'\n");
	snprintf(out, len, "%.*s", (int)n, p);
}

int describe_race(const char *output, const char *root, char *text, size_t len)
{
	const char *w = output ? strstr(output, "WARNING: ThreadSanitizer: ") : NULL;
	if (!w)
		return -1;
	char what[96];
	line_copy(w + strlen("WARNING: ThreadSanitizer: "), what, sizeof what);
	char *pid = strstr(what, " (pid=");
	if (pid)
		*pid = '\0';
	const char *first = strstr(w, "\n  ");
	struct access now = {{0}}, before = {{0}};
	const char *next = first ? parse_access(first + 3, root, &now) : NULL;
	const char *prev = next ? strstr(next, "Previous ") : NULL;
	if (prev)
		parse_access(prev + strlen("Previous "), root, &before);
	char location[160] = "";
	bool device_memory = false;
	const char *loc = strstr(w, "Location is ");
	if (loc) {
		const char *q = strchr(loc, '\'');
		const char *q2 = q ? strchr(q + 1, '\'') : NULL;
		if (q && q2 && strncmp(loc, "Location is global", 18) == 0 &&
		    strncmp(q + 1, "<null>", 6) != 0)
			snprintf(location, sizeof location, " on the variable '%.*s'",
			         (int)(q2 - q - 1), q + 1);
		else if (strncmp(loc, "Location is heap", 16) == 0)
			snprintf(location, sizeof location, " on global (device) memory");
	}
	if (!loc || strncmp(loc, "Location is global", 18) != 0) {
		/* device buffers are mappings of their own, not globals */
		device_memory = true;
		if (!location[0])
			snprintf(location, sizeof location, " on device memory");
	}
	/* a write against a read: a hand-over between threads that is not ordered
	 * (a flag without fences, a missing barrier), not two updates */
	bool hand_over =
	        (strstr(now.kind, "read") != NULL) != (strstr(before.kind, "read") != NULL);
	char a[96], b[96];
	thread_name(w, now.thread, a, sizeof a);
	thread_name(w, before.thread, b, sizeof b);
	if (!before.thread[0])
		snprintf(text, len, "%s%s: %s by %s at %s", what, location, now.kind, a, now.frame);
	else
		snprintf(
		        text, len,
		        "%s%s: %s by %s at %s, and %s by %s at %s, with nothing ordering them. %s",
		        what, location, now.kind, a, now.frame, before.kind, b, before.frame,
		        device_memory && hand_over
		                ? "If both threads update it, use one atomic operation (atomicAdd, "
		                  "atomicCAS, ...); if one hands data to the other, order the "
		                  "write "
		                  "before the read: a barrier both pass, or a flag set after a "
		                  "fence "
		                  "(or release store) and checked before a fence (or acquire load)"
		        : device_memory
		                ? "Threads that update the same address must do it with one "
		                  "atomic operation (atomicAdd, atomicCAS, ...), not a plain load "
		                  "and store"
		                : "Threads of a block only see each other's shared-memory writes "
		                  "after a __syncthreads() that both pass (between a write and "
		                  "another thread's read, and before the memory is written again)");
	return 0;
}

void strip_race_report(char *output)
{
	char *w = output ? strstr(output, "WARNING: ThreadSanitizer") : NULL;
	if (!w)
		return;
	/* the line of '=' that opens the report */
	while (w > output && (w[-1] == '=' || w[-1] == '\n'))
		--w;
	*w = '\0';
}
