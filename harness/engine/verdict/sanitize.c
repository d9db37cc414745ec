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
		snprintf(out, n, L("%s (the tool had no line for it)", "%s（工具没有给出行号）"),
		         judge_own    ? L("the exercise's kernel", "练习自带的 kernel")
		         : l->func[0] ? l->func
		                      : L("an unknown place", "未知位置"));
		return;
	}
	const char *name = is_learner(l, learner_file) ? shown : relative_to(l->file, root);
	snprintf(out, n, "%s:%d", name, l->line);
}

static const char *hazard_words(const char *h)
{
	if (!strcmp(h, "RAW"))
		return L("a read-after-write hazard: one thread read the value before another "
		         "thread's write to it was ordered before the read",
		         "写后读（read-after-write）冒险：一个线程读了这个值，而另一个线程对它的"
		         "写入并没有保证发生在这次读之前");
	if (!strcmp(h, "WAR"))
		return L("a write-after-read hazard: one thread overwrote the value while "
		         "another thread might still have been about to read the old one",
		         "读后写（write-after-read）冒险：一个线程覆盖了这个值，而另一个线程可能"
		         "还没读到旧值");
	if (!strcmp(h, "WAW"))
		return L("a write-after-write hazard: two threads wrote the same place with "
		         "nothing ordering the writes, so which value stays is luck",
		         "写后写（write-after-write）冒险：两个线程写了同一个位置，却没有任何东西"
		         "规定写入的先后，最后留下哪个值全凭运气");
	return L("a hazard", "冒险");
}

/* "read", "write" or "atomic", the tool's access words, in the run's language. */
static const char *access_word(const char *a)
{
	if (!strcmp(a, "read"))
		return L("read", "读");
	if (!strcmp(a, "write"))
		return L("write", "写");
	if (!strcmp(a, "atomic"))
		return L("atomic", "原子操作");
	return a;
}

static void thread_text(const int t[3], const int b[3], bool have_block, char *out, size_t n)
{
	if (have_block)
		snprintf(out, n,
		         L("thread (%d,%d,%d) of block (%d,%d,%d)",
		           "线程 (%d,%d,%d)（block (%d,%d,%d)）"),
		         t[0], t[1], t[2], b[0], b[1], b[2]);
	else
		snprintf(out, n, L("thread (%d,%d,%d)", "线程 (%d,%d,%d)"), t[0], t[1], t[2]);
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
	const char *what = misaligned ? L("is not a multiple of the access size",
	                                  "不是访问大小的整数倍（没有对齐）")
	                   : outside  ? L("is outside every buffer", "不在任何 buffer 之内")
	                   : w->f->detail[0]
	                           ? w->f->detail
	                           : L("is not a valid place to access", "不是可以访问的位置");
	const char *ask = misaligned
	                          ? L("a pointer moved by a byte count, or cast to a wider type?",
	                              "是不是指针按字节数移动了，或者被转换成了更宽的类型？")
	                  : outside ? L("an index outside the buffer, or a pointer that was never "
	                                "allocated?",
	                                "是下标越出了 buffer，还是指针根本没有分配？")
	                            : L("an index outside the buffer, or a pointer that is not "
	                                "aligned to the size of what it points to?",
	                                "是下标越出了 buffer，还是指针没有按所指类型的大小对齐？");
	char alloc[sizeof w->f->allocation + 16] = "";
	if (w->f->allocation[0]) /* "is 4 bytes after the nearest allocation at ..." */
		snprintf(alloc, sizeof alloc, L(" (it %s)", "（它 %s）"), w->f->allocation);
	snprintf(out, n,
	         L("%s: %s %s %d bytes of %s memory at 0x%llx, which %s%s: %s",
	           "%s：%s%s了 %d 字节的 %s memory，地址 0x%llx，而它%s%s：%s"),
	         w->where, w->who[0] ? w->who : L("a thread", "一个线程"),
	         !strcmp(w->f->access, "write")    ? L("wrote", "写")
	         : !strcmp(w->f->access, "atomic") ? L("made an atomic access of", "原子访问")
	                                           : L("read", "读"),
	         w->f->size, w->space, w->f->address, what, alloc, ask);
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
		snprintf(block, sizeof block,
		         L(" in block (%d,%d,%d)", "（在 block (%d,%d,%d) 中）"), w->f->block[0],
		         w->f->block[1], w->f->block[2]);
	char both[1400];
	if (!strcmp(w->where, w->other))
		snprintf(both, sizeof both, L("%s (both accesses)", "%s（两次访问都在这里）"),
		         w->where);
	else
		snprintf(both, sizeof both, L("%s and %s", "%s 和 %s"), w->where, w->other);
	snprintf(out, n,
	         L("%s: %s, at byte 0x%llx of shared memory%s: %s (%s) and then %s "
	           "(%s), with no barrier between them. %s",
	           "%s：%s，位置是 shared memory 的第 0x%llx 字节%s：先是%s（%s），然后是"
	           "%s（%s），两者之间没有 barrier。%s"),
	         both, hazard_words(w->f->hazard), w->f->address, block,
	         w->who[0] ? w->who : L("one thread", "一个线程"), access_word(first),
	         w->who2[0] ? w->who2 : L("another thread", "另一个线程"), access_word(second),
	         race_advice ? race_advice
	                     : L("Put a __syncthreads() (or __syncwarp() when both are in "
	                         "one warp) between the two accesses",
	                         "请在这两次访问之间加一个 __syncthreads()（两者在同一个 "
	                         "warp 中时用 __syncwarp()）"));
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
	char at_where[640];
	where_text(&w->f->at, learner_file, root, shown, at_where, sizeof at_where);
	char count[48];
	if (w->f->hazards == 1)
		snprintf(count, sizeof count, "%s", L("1 hazard", "1 个冒险"));
	else
		snprintf(count, sizeof count, L("%d hazards", "%d 个冒险"), w->f->hazards);
	snprintf(out, n,
	         L("a data race on shared memory between the %s at %s and the %s at %s "
	           "(%s): threads of one block reach them with nothing ordering one "
	           "before the other. %s",
	           "shared memory 上的数据竞争，发生在 %s（%s）与 %s（%s）之间（%s）："
	           "同一个 block 的线程到达这两处时，没有任何东西规定谁先谁后。%s"),
	         access_word(first), at_where, access_word(second), w->other, count,
	         race_advice ? race_advice
	                     : L("A __syncthreads() between them (or __syncwarp() within a "
	                         "warp) orders them",
	                         "在两者之间加一个 __syncthreads()（warp 内用 __syncwarp()）"
	                         "就能规定顺序"));
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
	switch (f->kind) {
	case F_MEMORY:
		describe_memory(w, out, n);
		break;
	case F_UNINIT:
		snprintf(out, n,
		         L("%s: %s read %d bytes of %s memory at 0x%llx that nothing had written "
		           "yet: a value used before any thread (or copy) stored it",
		           "%s：%s读了 %d 字节的 %s memory，地址 0x%llx，那里还没有被写入过：一个值"
		           "在任何线程（或复制）存入之前就被使用了"),
		         w->where, w->who[0] ? w->who : L("a thread", "一个线程"), f->size,
		         w->space, f->address);
		break;
	case F_HAZARD:
		describe_hazard(w, race_advice, out, n);
		break;
	case F_RACE:
		describe_race_pair(w, learner_file, root, shown, race_advice, out, n);
		break;
	case F_BARRIER:
		snprintf(out, n,
		         L("%s: a barrier used wrongly by %s (%s): every thread named by a "
		           "__syncthreads() or __syncwarp() must reach that same call; is it "
		           "inside an if, or after a return that some threads take?",
		           "%s：%s用错了 barrier（%s）：__syncthreads() 或 __syncwarp() 涉及的每个"
		           "线程都必须到达同一个调用；它是不是在 if 里面，或者在某些线程会执行的 "
		           "return 之后？"),
		         w->where, w->who[0] ? w->who : L("a thread", "一个线程"),
		         f->detail[0] ? f->detail : L("barrier error", "barrier 错误"));
		break;
	case F_HARDWARE:
		if (!strcmp(f->what, "Warp assert")) /* the program's output names the line */
			snprintf(out, n,
			         L("an assert() in device code failed in %s: the program's own "
			           "output names the file, line and condition",
			           "设备代码中的 assert() 在%s失败了：程序自己的输出给出了文件、"
			           "行号和条件"),
			         w->who[0] ? w->who : L("a thread", "一个线程"));
		else
			snprintf(out, n,
			         L("%s: %s stopped the kernel: %s", "%s：%s让 kernel 停了下来：%s"),
			         w->where, w->who[0] ? w->who : L("a thread", "一个线程"), f->what);
		break;
	case F_MALLOC:
		snprintf(out, n,
		         L("%s: %s misused device malloc/free: %s",
		           "%s：%s用错了设备端的 malloc/free：%s"),
		         w->where, w->who[0] ? w->who : L("a thread", "一个线程"), f->what);
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
	char text[900];
	if (first) {
		out->verdict = first_v;
		describe_finding(first, learner_file, root, shown, race_advice, text, sizeof text);
		snprintf(out->message, sizeof out->message,
		         L("%s found %s%s: %s", "%s 发现了%s%s：%s"), sanitize_tool_name(t),
		         first_v == V_RACE
		                 ? (first->kind == F_BARRIER ? L("a barrier error", "barrier 错误")
		                                             : L("a data race", "数据竞争"))
		         : first->kind == F_HARDWARE
		                 ? L("an error that stopped a kernel", "让 kernel 停止的错误")
		                 : L("a memory error", "内存错误"),
		         out->counted > 1 ? L(" (the first of several)", "（多处中的第一处）") : "",
		         text);
	} else if (harness) {
		out->verdict = V_JE;
		sanitize_describe(harness, learner_file, root, shown, text, sizeof text);
		snprintf(out->message, sizeof out->message,
		         L("%s found a problem in the judge's own code, not in yours: %s. Please "
		           "report it with the seed",
		           "%s 在评测自己的代码里（不是你的代码）发现了问题：%s。请连同随机种子一起"
		           "报告"),
		         sanitize_tool_name(t), text);
	}
}
