/* ThreadSanitizer reports in the learner's words; see race_report.h.
 *
 * The part of a report used here:
 *   WARNING: ThreadSanitizer: data race (pid=1)
 *     Write of size 4 at 0x7f.. by thread T5:
 *       #0 block_reduce_sum(float) /root/exercises/block_reduce_sum.cu:12 (test+0x..)
 *   (newer runtimes add " (BuildId: ..)": see tsan_frame)
 *     Previous read of size 4 at 0x7f.. by thread T3:
 *       #0 block_reduce_sum(float) /root/exercises/block_reduce_sum.cu:15 (test+0x..)
 *     Location is global 'block_reduce_sum(float)::partial' of size 128 at ..
 *     Thread T5 'thread 37 of block 0' (tid=.., running) created by main thread at:
 */
#include "verdict/race_report.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "report/lang.h"
#include "report/texts.h"
#include "util.h"

struct access {
	char kind[16];   /* "write", "read", "atomic write", ... */
	char thread[16]; /* "T5" */
	char frame[256]; /* "file:line" of the first frame */
	bool placed;     /* in the learner's or the exercise's code */
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

bool tsan_frame(const char *line, struct tsan_frame *f)
{
	memset(f, 0, sizeof *f);
	const char *p = line;
	while (*p == ' ')
		++p;
	if (p == line || *p != '#')
		return false;
	const char *body = strchr(p, ' '); /* after "#3" */
	const char *eol = line + strcspn(line, "\n");
	if (!body || body >= eol)
		return false;
	++body;
	const char *end = eol;
	for (const char *q = body; q + 11 <= end; ++q)
		if (!strncmp(q, " (BuildId: ", 11)) {
			end = q;
			break;
		}
	const char *paren = NULL; /* the last " (" */
	for (const char *q = body; q + 1 < end; ++q)
		if (q[0] == ' ' && q[1] == '(')
			paren = q;
	if (paren) {
		const char *close = memchr(paren, ')', (size_t)(end - paren));
		f->module = paren + 2;
		f->module_len = close ? (size_t)(close - f->module) : (size_t)(end - f->module);
		end = paren;
	}
	const char *word = end;
	while (word > body && word[-1] != ' ')
		--word;
	f->where = word;
	f->where_len = (size_t)(end - word);
	return true;
}

/* "Write of size 4 at 0x.. by thread T5:" and its first "#0 func path:line (..)". */
static const char *parse_access(const char *p, const struct race_context *ctx, struct access *a)
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
		struct tsan_frame f;
		if (!tsan_frame(frame, &f))
			break;
		char where[512];
		snprintf(where, sizeof where, "%.*s", (int)f.where_len, f.where);
		/* The judged file, wherever it lives (a graded file is seldom
		 * under the root), by the name the learner knows it by. */
		size_t n = ctx->learner ? strlen(ctx->learner) : 0;
		if (n && !strncmp(where, ctx->learner, n) && where[n] == ':') {
			snprintf(a->frame, sizeof a->frame, "%s%s", ctx->shown, where + n);
			a->placed = true;
			break;
		}
		const char *rel = relative_to(where, ctx->root);
		if (rel != where && strncmp(rel, "harness/emu/", 12) != 0 &&
		    strncmp(rel, "harness/runtime/", 16) != 0) {
			snprintf(a->frame, sizeof a->frame, "%s", rel);
			a->placed = true;
			break;
		}
	}
	if (!a->frame[0])
		snprintf(a->frame, sizeof a->frame, "%s", text_of(T_race_outside_your_code));
	return eol ? eol + 1 : p + strlen(p);
}

/* The judge's own names start with cj_: the learner never wrote them. */
static bool judge_name(const char *s, size_t n)
{
	return n >= 3 && !strncmp(s, "cj_", 3);
}

/* ThreadSanitizer's name of a variable, " on <it>" in the learner's words:
 * "block_reduce_sum(float)::partial" is the __shared__ variable `partial` of
 * block_reduce_sum; "cj_phases_kernel(float const*, float*, int)::cj_tile"
 * the shared array `tile` of the exercise's kernel; the emulator's
 * "cj_emu::dynamic_shared" the dynamic shared memory. */
static void variable_words(const char *name, size_t n, char *out, size_t len)
{
	if (n == strlen("cj_emu::dynamic_shared") && !strncmp(name, "cj_emu::dynamic_shared", n)) {
		snprintf(out, len, "%s", text_of(T_race_dynamic_shared));
		return;
	}
	/* the last "::" outside the function's parameter list */
	size_t sep = n, depth = 0;
	for (size_t i = 0; i + 1 < n; ++i) {
		if (name[i] == '(' || name[i] == '<')
			++depth;
		else if ((name[i] == ')' || name[i] == '>') && depth)
			--depth;
		else if (!depth && name[i] == ':' && name[i + 1] == ':')
			sep = i;
	}
	const char *var = sep < n ? name + sep + 2 : name;
	size_t var_n = sep < n ? n - sep - 2 : n;
	bool var_judge = judge_name(var, var_n);
	if (var_judge) {
		var += 3;
		var_n -= 3;
	}
	/* where the function's parameters or template arguments start (name is
	 * not NUL-terminated at n) */
	size_t fn_end = 0;
	while (fn_end < n && name[fn_end] != '(' && name[fn_end] != '<')
		++fn_end;
	char var_name[256];
	snprintf(var_name, sizeof var_name, "%.*s", (int)var_n, var);
	if (sep == n || fn_end == 0) { /* no function, or an unnamed one */
		say(NULL, out, len, var_judge ? T_race_exercise_variable : T_race_variable,
		    FIELDS(F_STR("name", var_name)));
		return;
	}
	/* the function, without its parameters or namespace */
	if (fn_end > sep)
		fn_end = sep;
	size_t fn_start = fn_end;
	while (fn_start > 0 && name[fn_start - 1] != ':' && name[fn_start - 1] != ' ')
		--fn_start;
	char function[256];
	snprintf(function, sizeof function, "%.*s", (int)(fn_end - fn_start), name + fn_start);
	say(NULL, out, len,
	    var_judge || judge_name(function, strlen(function)) ? T_race_exercise_shared
	                                                        : T_race_shared_of,
	    FIELDS(F_STR("name", var_name), F_STR("function", function)));
}

/* The name TSan gives thread `tid` ("T5"), e.g. "thread 37 of block 0". */
static void thread_name(const char *report, const char *tid, char *out, size_t len)
{
	char key[32];
	snprintf(key, sizeof key, "Thread %s '", tid);
	const char *p = strstr(report, key);
	if (!p) {
		snprintf(out, len, "%s", text_of(T_race_another_thread));
		return;
	}
	p += strlen(key);
	size_t n = strcspn(p, "'\n");
	snprintf(out, len, "%.*s", (int)n, p);
}

/* TSan's words for an access ("write", "atomic read") in the learner's language. */
static const char *kind_text(const char *kind)
{
	static const struct {
		const char *tsan;
		enum text_code text;
	} kinds[] = {
	        {"write", T_race_write},
	        {"read", T_race_read},
	        {"atomic write", T_race_atomic_write},
	        {"atomic read", T_race_atomic_read},
	};
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; ++i)
		if (strcmp(kind, kinds[i].tsan) == 0)
			return text_of(kinds[i].text);
	return kind;
}

/* Where the race is, in words (" on device memory", " on `bins`"); true
 * when it is device memory rather than shared memory. */
static bool race_location(const char *w, char *location, size_t size)
{
	const char *loc = strstr(w, "Location is ");
	if (loc) {
		const char *q = strchr(loc, '\'');
		const char *q2 = q ? strchr(q + 1, '\'') : NULL;
		if (q && q2 && strncmp(loc, "Location is global", 18) == 0 &&
		    strncmp(q + 1, "<null>", 6) != 0)
			variable_words(q + 1, (size_t)(q2 - q - 1), location, size);
		else if (strncmp(loc, "Location is heap", 16) == 0)
			snprintf(location, size, "%s", text_of(T_race_global_memory));
	}
	if (loc && strncmp(loc, "Location is global", 18) == 0)
		return false;
	/* device buffers are mappings of their own, not globals */
	if (!location[0])
		snprintf(location, size, "%s", text_of(T_race_device_memory));
	return true;
}

/* What to do about a race the exercise has no advice of its own for. */
static const char *race_advice(bool device_memory, bool hand_over)
{
	return text_of(device_memory && hand_over ? T_race_advice_hand_over
	               : device_memory            ? T_race_advice_atomic
	                                          : T_race_advice_shared);
}

int describe_race(const char *output, const struct race_context *ctx, struct message *said,
                  char *out, size_t len)
{
	const char *w = output ? strstr(output, "WARNING: ThreadSanitizer: ") : NULL;
	if (!w)
		return -1;
	char what[96];
	line_copy(w + strlen("WARNING: ThreadSanitizer: "), what, sizeof what);
	char *pid = strstr(what, " (pid=");
	if (pid)
		*pid = '\0';
	if (strcmp(what, "data race") == 0)
		snprintf(what, sizeof what, "%s", text_of(T_race_data_race));
	const char *first = strstr(w, "\n  ");
	struct access now = {{0}}, before = {{0}};
	const char *next = first ? parse_access(first + 3, ctx, &now) : NULL;
	const char *prev = next ? strstr(next, "Previous ") : NULL;
	if (prev)
		parse_access(prev + strlen("Previous "), ctx, &before);
	char location[160] = "";
	bool device_memory = race_location(w, location, sizeof location);
	/* a write against a read: a hand-over between threads that is not ordered
	 * (a flag without fences, a missing barrier), not two updates */
	bool hand_over =
	        (strstr(now.kind, "read") != NULL) != (strstr(before.kind, "read") != NULL);
	char a[96], b[96];
	thread_name(w, now.thread, a, sizeof a);
	thread_name(w, before.thread, b, sizeof b);
	const char *advice = ctx->advice ? ctx->advice /* the exercise knows its own mistakes */
	                                 : race_advice(device_memory, hand_over);
	say(said, out, len, before.thread[0] ? T_race_two_sides : T_race_one_side,
	    FIELDS(F_STR("what", what), F_STR("location", location),
	           F_STR("access", kind_text(now.kind)), F_STR("thread", a),
	           F_STR("frame", now.frame), F_STR("other_access", kind_text(before.kind)),
	           F_STR("other_thread", b), F_STR("other_frame", before.frame),
	           F_STR("advice", advice)));
	return now.placed && (!before.thread[0] || before.placed) ? 0 : 1;
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
