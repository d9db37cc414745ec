/*
 * compute-sanitizer's report, read and judged; see sanitize.h.
 *
 * A report is a run of blocks separated by an empty prefixed line. The first
 * line of a block says what happened; the lines after it say where (an "at"
 * line, or one "Read/Write Thread" line per side of a hazard), by whom ("by
 * thread (x,y,z) in block (x,y,z)"), which address ("Address 0x..",
 * "Access at 0x.. is out of bounds", "Access to 0x4 is misaligned" as
 * compute-sanitizer 2025.3 writes it) and through which device frames. Host
 * backtraces follow and are skipped: they only ever name the runtime's own
 * launch or API call.
 */
#include "verdict/sanitize.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/lang.h"
#include "report/texts.h"
#include "util.h"

static void copy_n(char *out, size_t size, const char *s, size_t n)
{
	if (n >= size)
		n = size - 1;
	memcpy(out, s, n);
	out[n] = '\0';
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

/* "(x,y,z)" with optional spaces; true when three numbers were read. */
static bool parse_triple(const char *s, int out[3])
{
	return s && sscanf(s, " ( %d , %d , %d )", &out[0], &out[1], &out[2]) == 3;
}

/* The location in "... in PATH:LINE[:func]" (the last " in " followed by a
 * path and a line number), and the function after "at ". */
static void parse_location(const char *s, struct san_location *loc)
{
	memset(loc, 0, sizeof *loc);
	const char *best = NULL, *p = s;
	while ((p = strstr(p, " in ")) != NULL) {
		const char *path = p + 4;
		size_t len = strcspn(path, " \t");
		const char *colon = NULL;
		for (size_t i = len; i > 0; --i)
			if (path[i - 1] == ':' && isdigit((unsigned char)path[i])) {
				colon = path + i - 1;
				break;
			}
		if (colon && colon > path)
			best = path;
		p += 4;
	}
	if (best) {
		size_t len = strcspn(best, " \t");
		/* PATH:LINE or PATH:LINE:func (older tools): the first ":digits". */
		for (size_t i = 0; i + 1 < len; ++i)
			if (best[i] == ':' && isdigit((unsigned char)best[i + 1])) {
				copy_n(loc->file, sizeof loc->file, best, i);
				loc->line = atoi(best + i + 1);
				const char *func = strchr(best + i + 1, ':');
				if (func && func < best + len)
					copy_n(loc->func, sizeof loc->func, func + 1,
					       (size_t)(best + len - func - 1));
				break;
			}
	}
	const char *at = strstr(s, "at ");
	if (at && !loc->func[0]) {
		at += 3;
		size_t len = 0;
		/* Up to "+0x", ":0x" or " in ": the function; a bare PC is not one. */
		while (at[len] && !starts(at + len, "+0x") && !starts(at + len, ":0x") &&
		       !starts(at + len, " in "))
			++len;
		if (len && !starts(at, "0x"))
			copy_n(loc->func, sizeof loc->func, at, len);
	}
}

static const char *after(const char *s, const char *word)
{
	const char *p = strstr(s, word);
	return p ? p + strlen(word) : NULL;
}

static void parse_address(const char *s, struct san_finding *f)
{
	const char *hex = strstr(s, "0x");
	if (hex) {
		f->address = strtoull(hex, NULL, 16);
		f->have_address = true;
		const char *rest = hex + strspn(hex + 2, "0123456789abcdefABCDEF") + 2;
		while (*rest == ' ')
			++rest;
		if (*rest)
			copy_n(f->detail, sizeof f->detail, rest, strlen(rest));
	}
}

/* "Invalid __global__ write of size 4 bytes", "Uninitialized __shared__
 * memory read of size 4 bytes", "Potential invalid __shared__ read ...". */
static void parse_access_words(const char *s, struct san_finding *f)
{
	static const char *const spaces[] = {"global", "shared", "local", "constant"};
	for (size_t i = 0; i < sizeof spaces / sizeof spaces[0]; ++i) {
		char word[24];
		snprintf(word, sizeof word, "__%s__", spaces[i]);
		if (strstr(s, word))
			snprintf(f->space, sizeof f->space, "%s", spaces[i]);
	}
	if (strstr(s, " write ") || strstr(s, " write"))
		snprintf(f->access, sizeof f->access, "write");
	if (strstr(s, " read ") || strstr(s, " read"))
		snprintf(f->access, sizeof f->access, "read");
	if (strstr(s, " atomic"))
		snprintf(f->access, sizeof f->access, "atomic");
	const char *size = after(s, "of size ");
	if (size)
		f->size = atoi(size);
}

/* Classifies the first line of a block. */
static void parse_headline(const char *s, struct san_finding *f)
{
	copy_n(f->what, sizeof f->what, s, strlen(s));
	/* "ERROR: ...", "Error: ...", "WARNING: ...", "Warning: ..." */
	static const char *const levels[] = {"ERROR", "WARNING", "INFO"};
	for (size_t i = 0; i < 3; ++i) {
		size_t n = strlen(levels[i]);
		if (!strncasecmp(s, levels[i], n) && s[n] == ':') {
			snprintf(f->severity, sizeof f->severity, "%s", levels[i]);
			s += n + 1;
			while (*s == ' ')
				++s;
			break;
		}
	}
	const char *hazard = strstr(s, " hazard detected");
	if (hazard && hazard - s >= 3) {
		f->kind = F_HAZARD;
		copy_n(f->hazard, sizeof f->hazard, hazard - 3, 3);
		const char *at = after(s, " at ");
		parse_access_words(s, f);
		if (at) {
			const char *hex = strstr(at, "0x");
			if (hex) {
				f->address = strtoull(hex, NULL, 16);
				f->have_address = true;
			}
		}
		const char *block = after(s, "in block ");
		f->have_block = parse_triple(block, f->block);
	} else if (starts(s, "Race reported between ")) {
		f->kind = F_RACE;
		const char *side = s + strlen("Race reported between ");
		sscanf(side, "%7s", f->at_access);
		parse_location(side, &f->at);
	} else if (starts(s, "Barrier error detected") ||
	           starts(s, "Warpgroup MMA sequence error")) {
		f->kind = F_BARRIER;
		const char *why = strchr(s, '.');
		if (why) {
			while (*++why == ' ')
				;
			copy_n(f->detail, sizeof f->detail, why, strlen(why));
		}
	} else if (starts(s, "Uninitialized ")) {
		f->kind = F_UNINIT;
		parse_access_words(s, f);
	} else if (starts(s, "Invalid ") || starts(s, "Potential invalid ")) {
		f->kind = F_MEMORY;
		parse_access_words(s, f);
	} else if (starts(s, "Malloc/Free error")) {
		f->kind = F_MALLOC;
	} else if (starts(s, "Program hit ")) {
		f->kind = F_API;
	} else if (starts(s, "Leaked ")) {
		f->kind = F_LEAK;
	} else if (starts(s, "Warp ") || strstr(s, "Illegal Instruction") ||
	           strstr(s, "Illegal Address") || strstr(s, "Hardware Stack") ||
	           strstr(s, "Out-of-range") || strstr(s, "Misaligned") || strstr(s, "Trap") ||
	           strstr(s, "assert")) {
		f->kind = F_HARDWARE;
	} else if (!strcasecmp(f->severity, "ERROR") &&
	           (strstr(s, "Target application") || strstr(s, "internal") ||
	            strstr(s, "not supported") || strstr(s, "Could not") ||
	            strstr(s, "No attachable") || strstr(s, "failed"))) {
		f->kind = F_TOOL;
	} else {
		f->kind = F_OTHER;
	}
}

/* A line inside a block. */
static void parse_detail(const char *s, struct san_finding *f)
{
	const char *thread;
	if (starts(s, "at ") && !f->at.file[0] && !f->at.func[0]) {
		parse_location(s, &f->at);
	} else if ((thread = after(s, "by thread ")) != NULL) {
		f->have_thread = parse_triple(thread, f->thread);
		f->have_block = parse_triple(after(s, "in block "), f->block);
	} else if (starts(s, "Address ") || starts(s, "Access at ") || starts(s, "Access to ")) {
		parse_address(s, f);
	} else if (starts(s, "and is ") || starts(s, "and is inside")) {
		copy_n(f->allocation, sizeof f->allocation, s + 4, strlen(s + 4));
	} else if (f->kind == F_RACE && starts(s, "and ")) {
		sscanf(s + 4, "%7s", f->other_access);
		parse_location(s + 4, &f->other);
		const char *n = strrchr(s, '[');
		if (n)
			f->hazards = atoi(n + 1);
	} else if (f->kind == F_HAZARD && (starts(s, "Read Thread") || starts(s, "Write Thread") ||
	                                   starts(s, "Atomic Thread"))) {
		bool first = !f->have_thread;
		char *access = first ? f->at_access : f->other_access;
		sscanf(s, "%7s", access);
		int *t = first ? f->thread : f->other_thread;
		bool ok = parse_triple(after(s, "Thread "), t);
		if (first)
			f->have_thread = ok;
		else
			f->have_other_thread = ok;
		parse_location(s, first ? &f->at : &f->other);
	} else if (starts(s, "Device Frame:") &&
	           f->nframes < (int)(sizeof f->frames / sizeof f->frames[0])) {
		/* "Device Frame:f()+0x40 in a.cu:12" or "Device Frame: ... (f() in a.cu:12)" */
		char buf[640];
		snprintf(buf, sizeof buf, "at %s", s + strlen("Device Frame:"));
		parse_location(buf, &f->frames[f->nframes]);
		if (f->frames[f->nframes].file[0])
			f->nframes++;
	}
}

static struct san_finding *add_finding(struct san_report *r)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 8;
		r->f = xrealloc(r->f, (size_t)r->cap * sizeof *r->f);
	}
	struct san_finding *f = &r->f[r->n++];
	memset(f, 0, sizeof *f);
	return f;
}

int sanitize_parse(const char *log, struct san_report *out)
{
	memset(out, 0, sizeof *out);
	out->errors_said = -1;
	struct san_finding *cur = NULL;
	bool in_host_trace = false;
	for (const char *line = log; line && *line;) {
		const char *eol = strchr(line, '\n');
		size_t len = eol ? (size_t)(eol - line) : strlen(line);
		char buf[1024];
		copy_n(buf, sizeof buf, line, len);
		if (len >= sizeof buf)
			len = sizeof buf - 1; /* what copy_n kept of a longer line */
		line = eol ? eol + 1 : NULL;
		while (len && (buf[len - 1] == '\r' || buf[len - 1] == ' '))
			buf[--len] = '\0';
		/* The prefix is a run of '=' (its length changes between versions). */
		if (buf[0] != '=')
			continue;
		char *s = buf + strspn(buf, "=");
		s += strspn(s, " \t");
		if (!*s) {
			cur = NULL; /* the empty line that ends a block */
			in_host_trace = false;
			continue;
		}
		if (!strcmp(s, "COMPUTE-SANITIZER")) {
			out->started = true;
			continue;
		}
		/* "ERROR SUMMARY: 69 errors" (then perhaps "ERROR SUMMARY: 37 errors
		 * were not printed"), "RACECHECK SUMMARY: 32 hazards displayed (7070
		 * errors, 0 warnings)": the total, not what was printed. */
		int errors;
		const char *total = after(s, "hazards displayed (");
		if ((sscanf(s, "ERROR SUMMARY: %d error", &errors) == 1 &&
		     !strstr(s, "not printed")) ||
		    (total && sscanf(total, "%d error", &errors) == 1)) {
			out->errors_said = errors;
			cur = NULL;
			continue;
		}
		if (starts(s, "ERROR SUMMARY") || starts(s, "RACECHECK SUMMARY") ||
		    starts(s, "LEAK SUMMARY")) {
			cur = NULL;
			continue;
		}
		if (starts(s, "Saved host backtrace") || starts(s, "Host Frame")) {
			in_host_trace = true;
			continue;
		}
		if (in_host_trace && cur)
			continue;
		if (cur &&
		    (starts(s, "at ") || starts(s, "by thread") || starts(s, "Address ") ||
		     starts(s, "Access at ") || starts(s, "Access to ") || starts(s, "and ") ||
		     starts(s, "Read Thread") || starts(s, "Write Thread") ||
		     starts(s, "Atomic Thread") || starts(s, "Device Frame") ||
		     starts(s, "Current Value") || starts(s, "Sync mask"))) {
			parse_detail(s, cur);
			continue;
		}
		cur = add_finding(out);
		in_host_trace = false;
		parse_headline(s, cur);
	}
	return 0;
}

void sanitize_report_free(struct san_report *r)
{
	free(r->f);
	memset(r, 0, sizeof *r);
}

/* ------------------------------------------------------------------ */
/* Whose finding, and in plain words                                   */
/* ------------------------------------------------------------------ */

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static bool is_learner(const struct san_location *l, const char *learner_file)
{
	if (!l->file[0])
		return false;
	if (!strcmp(l->file, learner_file))
		return true;
	/* A tool that strips paths prints the bare name. */
	return !strchr(l->file, '/') && !strcmp(l->file, base_name(learner_file));
}

static bool is_harness(const struct san_location *l, const char *root)
{
	if (!l->file[0])
		return false;
	size_t n = strlen(root);
	if (!strncmp(l->file, root, n) && !strncmp(l->file + n, "/harness/", 9))
		return true;
	/* Stripped names of the judge's own files. */
	const char *b = base_name(l->file);
	size_t bl = strlen(b);
	return !strchr(l->file, '/') && ((bl > 4 && !strcmp(b + bl - 4, ".cuh")) ||
	                                 !strcmp(b, "run_cases.cu") || !strcmp(b, "learner_tu.cu"));
}

/* The learner's location of a finding: its access, a race's other side,
 * then the device frames (code inlined into the glue); NULL if none. */
static const struct san_location *learner_location(const struct san_finding *f,
                                                   const char *learner_file)
{
	if (is_learner(&f->at, learner_file))
		return &f->at;
	if (is_learner(&f->other, learner_file))
		return &f->other;
	for (int i = 0; i < f->nframes; ++i)
		if (is_learner(&f->frames[i], learner_file))
			return &f->frames[i];
	return NULL;
}

enum finding_owner sanitize_owner(const struct san_finding *f, const char *learner_file,
                                  const char *root)
{
	if (learner_location(f, learner_file))
		return OWNER_LEARNER;
	bool harness = is_harness(&f->at, root) || is_harness(&f->other, root);
	for (int i = 0; i < f->nframes; ++i)
		harness = harness || is_harness(&f->frames[i], root);
	return harness ? OWNER_HARNESS : OWNER_UNKNOWN;
}

/* "exercises/x.cu:12" for the learner's file, "path:12" otherwise. */
static void where_text(const struct san_location *l, const char *learner_file, const char *root,
                       const char *shown, char *out, size_t n)
{
	if (!l->file[0]) {
		/* the judge's own kernels and functions are named cj_...: the
		 * learner never wrote them */
		bool judge_own = !strncmp(l->func, "cj_", 3);
		say(NULL, out, n, T_san_no_line,
		    FIELDS(F_STR("where", judge_own    ? text_of(T_san_exercise_kernel)
		                          : l->func[0] ? l->func
		                                       : text_of(T_san_unknown_place))));
		return;
	}
	const char *name = is_learner(l, learner_file) ? shown : relative_to(l->file, root);
	snprintf(out, n, "%s:%d", name, l->line);
}

static const char *hazard_words(const char *h)
{
	return text_of(!strcmp(h, "RAW")   ? T_san_hazard_raw
	               : !strcmp(h, "WAR") ? T_san_hazard_war
	               : !strcmp(h, "WAW") ? T_san_hazard_waw
	                                   : T_san_hazard);
}

/* "read", "write" or "atomic", the tool's access words, in the run's language. */
static const char *access_word(const char *a)
{
	if (!strcmp(a, "read"))
		return text_of(T_san_read);
	if (!strcmp(a, "write"))
		return text_of(T_san_write);
	if (!strcmp(a, "atomic"))
		return text_of(T_san_atomic);
	return a;
}

static void thread_text(const int t[3], const int b[3], bool have_block, char *out, size_t n)
{
	say(NULL, out, n, have_block ? T_san_thread_of_block : T_san_thread,
	    FIELDS(F_INT("x", t[0]), F_INT("y", t[1]), F_INT("z", t[2]), F_INT("bx", b[0]),
	           F_INT("by", b[1]), F_INT("bz", b[2])));
}

static void lower(char *s)
{
	for (; *s; ++s)
		*s = (char)tolower((unsigned char)*s);
}

/* What every description of a finding names: where (the learner's line when
 * one of its frames is), where the other access was, and who. */
struct finding_words {
	const struct san_finding *f;
	char where[640], other[640], who[96], who2[96];
	const char *space;
};

/* An invalid access: the tool's two usual verdicts on an address, in the
 * learner's words. */
static void describe_memory(const struct finding_words *w, char *out, size_t n)
{
	bool misaligned = strstr(w->f->detail, "misaligned") != NULL;
	bool outside = strstr(w->f->detail, "out of bounds") != NULL;
	const char *what = misaligned        ? text_of(T_san_misaligned)
	                   : outside         ? text_of(T_san_outside)
	                   : w->f->detail[0] ? w->f->detail
	                                     : text_of(T_san_invalid_place);
	enum text_code ask = misaligned ? T_san_ask_misaligned
	                     : outside  ? T_san_ask_outside
	                                : T_san_ask_invalid;
	char alloc[sizeof w->f->allocation + 16] = "";
	if (w->f->allocation[0]) /* "is 4 bytes after the nearest allocation at ..." */
		say(NULL, alloc, sizeof alloc, T_san_allocation,
		    FIELDS(F_STR("allocation", w->f->allocation)));
	enum text_code access = !strcmp(w->f->access, "write")    ? T_san_wrote
	                        : !strcmp(w->f->access, "atomic") ? T_san_atomic_access
	                                                          : T_san_read_verb;
	say(NULL, out, n, T_san_memory,
	    FIELDS(F_STR("where", w->where),
	           F_STR("who", w->who[0] ? w->who : text_of(T_san_a_thread)),
	           F_STR("access", text_of(access)), F_INT("size", w->f->size),
	           F_STR("space", w->space), F_INT("address", w->f->address), F_STR("what", what),
	           F_STR("allocation", alloc), F_STR("ask", text_of(ask))));
}

/* One shared-memory hazard between two threads (racecheck). */
static void describe_hazard(const struct finding_words *w, const char *race_advice, char *out,
                            size_t n)
{
	char first[16], second[16], block[48] = "";
	snprintf(first, sizeof first, "%s", w->f->at_access);
	snprintf(second, sizeof second, "%s", w->f->other_access);
	lower(first);
	lower(second);
	if (w->f->have_block)
		say(NULL, block, sizeof block, T_san_in_block,
		    FIELDS(F_INT("bx", w->f->block[0]), F_INT("by", w->f->block[1]),
		           F_INT("bz", w->f->block[2])));
	char both[1400];
	say(NULL, both, sizeof both,
	    !strcmp(w->where, w->other) ? T_san_both_accesses : T_san_two_places,
	    FIELDS(F_STR("where", w->where), F_STR("other", w->other)));
	say(NULL, out, n, T_san_hazard_found,
	    FIELDS(F_STR("places", both), F_STR("hazard", hazard_words(w->f->hazard)),
	           F_INT("address", w->f->address), F_STR("block", block),
	           F_STR("who", w->who[0] ? w->who : text_of(T_san_one_thread)),
	           F_STR("access", access_word(first)),
	           F_STR("other_who", w->who2[0] ? w->who2 : text_of(T_san_another_thread)),
	           F_STR("other_access", access_word(second)),
	           F_STR("advice", race_advice ? race_advice : text_of(T_san_advice_barrier))));
}

/* racecheck's analysis of a race between two source lines. */
static void describe_race_pair(const struct finding_words *w, const char *learner_file,
                               const char *root, const char *shown, const char *race_advice,
                               char *out, size_t n)
{
	char first[16], second[16];
	snprintf(first, sizeof first, "%s", w->f->at_access);
	snprintf(second, sizeof second, "%s", w->f->other_access);
	lower(first);
	lower(second);
	char at_where[640], count[48];
	where_text(&w->f->at, learner_file, root, shown, at_where, sizeof at_where);
	say(NULL, count, sizeof count, w->f->hazards == 1 ? T_san_one_hazard : T_san_hazards,
	    FIELDS(F_INT("count", w->f->hazards)));
	say(NULL, out, n, T_san_race,
	    FIELDS(F_STR("access", access_word(first)), F_STR("where", at_where),
	           F_STR("other_access", access_word(second)), F_STR("other", w->other),
	           F_STR("count", count),
	           F_STR("advice", race_advice ? race_advice : text_of(T_san_advice_order))));
}

/* sanitize_describe, with the exercise's own advice for a shared-memory
 * race (NULL: a __syncthreads() or __syncwarp() between the accesses). */
static char *describe_finding(const struct san_finding *f, const char *learner_file,
                              const char *root, const char *shown, const char *race_advice,
                              char *out, size_t n)
{
	struct finding_words words = {.f = f};
	struct finding_words *w = &words;
	const struct san_location *mine = learner_location(f, learner_file);
	where_text(mine ? mine : &f->at, learner_file, root, shown, w->where, sizeof w->where);
	where_text(&f->other, learner_file, root, shown, w->other, sizeof w->other);
	/* A hazard names its block once, in its first line. */
	bool per_thread_block = f->kind != F_HAZARD && f->have_block;
	if (f->have_thread)
		thread_text(f->thread, f->block, per_thread_block, w->who, sizeof w->who);
	if (f->have_other_thread)
		thread_text(f->other_thread, f->block, per_thread_block, w->who2, sizeof w->who2);
	w->space = f->space[0] ? f->space : "device";
	const char *who = w->who[0] ? w->who : text_of(T_san_a_thread);
	const char *what = f->kind == F_BARRIER && !f->detail[0] ? text_of(T_san_barrier_error)
	                   : f->kind == F_BARRIER                ? f->detail
	                                                         : f->what;
	const struct text_field *fields =
	        FIELDS(F_STR("where", w->where), F_STR("who", who), F_INT("size", f->size),
	               F_STR("space", w->space), F_INT("address", f->address), F_STR("what", what));
	switch (f->kind) {
	case F_MEMORY:
		describe_memory(w, out, n);
		break;
	case F_UNINIT:
		say(NULL, out, n, T_san_uninitialized, fields);
		break;
	case F_HAZARD:
		describe_hazard(w, race_advice, out, n);
		break;
	case F_RACE:
		describe_race_pair(w, learner_file, root, shown, race_advice, out, n);
		break;
	case F_BARRIER:
		say(NULL, out, n, T_san_barrier, fields);
		break;
	case F_HARDWARE: /* an assert: the program's output names the line */
		say(NULL, out, n,
		    !strcmp(f->what, "Warp assert") ? T_san_device_assert : T_san_kernel_stopped,
		    fields);
		break;
	case F_MALLOC:
		say(NULL, out, n, T_san_malloc, fields);
		break;
	default:
		snprintf(out, n, "%s", f->what);
		break;
	}
	return out;
}

char *sanitize_describe(const struct san_finding *f, const char *learner_file, const char *root,
                        const char *shown, char *out, size_t n)
{
	return describe_finding(f, learner_file, root, shown, NULL, out, n);
}

static bool counts_for(enum finding_kind k, enum sanitize_tool t, enum verdict *v)
{
	switch (k) {
	case F_MEMORY:
	case F_HARDWARE:
	case F_MALLOC:
	case F_UNINIT:
		*v = V_RE;
		return true;
	case F_HAZARD:
	case F_RACE:
	case F_BARRIER:
		*v = V_RACE;
		return true;
	default:
		(void)t;
		return false;
	}
}

void sanitize_judge(const struct san_report *r, enum sanitize_tool t, const char *learner_file,
                    const char *root, const char *shown, struct san_judgement *out)
{
	sanitize_judge_advised(r, t, learner_file, root, shown, NULL, out);
}

void sanitize_judge_advised(const struct san_report *r, enum sanitize_tool t,
                            const char *learner_file, const char *root, const char *shown,
                            const char *race_advice, struct san_judgement *out)
{
	memset(out, 0, sizeof *out);
	out->verdict = V_AC;
	const struct san_finding *first = NULL, *harness = NULL;
	enum verdict first_v = V_AC;
	for (int i = 0; i < r->n; ++i) {
		const struct san_finding *f = &r->f[i];
		enum verdict v;
		if (f->kind == F_TOOL && !out->tool_error[0])
			snprintf(out->tool_error, sizeof out->tool_error, "%s", f->what);
		if (!counts_for(f->kind, t, &v))
			continue;
		/* A race analysis repeats the hazards it sums up: prefer the hazard,
		 * which names the threads and the address. */
		enum finding_owner owner = sanitize_owner(f, learner_file, root);
		if (owner == OWNER_HARNESS) {
			if (!harness)
				harness = f;
			continue;
		}
		out->counted++;
		bool better = !first || (first->kind == F_RACE && f->kind == F_HAZARD);
		if (better) {
			first = f;
			first_v = v;
		}
	}
	char finding[900];
	if (first) {
		out->verdict = first_v;
		describe_finding(first, learner_file, root, shown, race_advice, finding,
		                 sizeof finding);
		enum text_code kind =
		        first_v == V_RACE
		                ? (first->kind == F_BARRIER ? T_san_kind_barrier : T_san_kind_race)
		        : first->kind == F_HARDWARE ? T_san_kind_stop
		                                    : T_san_kind_memory;
		say(&out->said, out->message, sizeof out->message, T_san_found,
		    FIELDS(F_STR("tool", sanitize_tool_name(t)), F_STR("kind", text_of(kind)),
		           F_STR("several",
		                 out->counted > 1 ? text_of(T_san_first_of_several) : ""),
		           F_STR("finding", finding)));
	} else if (harness) {
		out->verdict = V_JE;
		sanitize_describe(harness, learner_file, root, shown, finding, sizeof finding);
		say(&out->said, out->message, sizeof out->message, T_san_in_the_judge,
		    FIELDS(F_STR("tool", sanitize_tool_name(t)), F_STR("finding", finding)));
	}
}
