/*
 * The RULE checker; see rules.h.
 *
 * Attribution works on the .loc directives nvcc writes with -lineinfo. A
 * .loc names a file, line and column, and for inlined code also the inlined
 * function and the location it was inlined at; that location was itself the
 * subject of an earlier .loc, so following "inlined_at" through the most
 * recent .loc of each location rebuilds the whole inline chain. An
 * instruction belongs to the learner when one frame of its chain lies in the
 * learner's file; the innermost such frame gives the line that is reported.
 *
 * CJ_RULES_DEBUG=1 in the environment prints what nvcc -ptx said (the emu
 * backend's own run of it) on stderr, for when the check falls back to the
 * source text.
 */
#include "rules.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../problems/problem.h"
#include "json.h"
#include "lang.h"
#include "supervise.h"
#include "util.h"

/* Bump when the scan changes, so that cached scans are not reused. */
#define RULES_SCAN_VERSION 5
#define RULES_NVCC_LIMIT_S 300.0

static const char *const names[RULE_COUNT] = {
        [RULE_SHFL_SYNC] = "shfl.sync",
        [RULE_VOTE_SYNC] = "vote.sync",
        [RULE_SHARED_MEMORY] = "shared-memory",
        [RULE_SYNCTHREADS] = "syncthreads",
        [RULE_ATOMIC_CAS] = "atomicCAS",
        [RULE_THREADFENCE] = "threadfence",
        [RULE_COOPERATIVE_GROUPS] = "cooperative-groups",
        [RULE_GRID_SYNC] = "grid-sync",
        [RULE_STREAM_WAIT_EVENT] = "stream-wait-event",
        [RULE_PINNED_MEMORY] = "pinned-memory",
        [RULE_ASYNC_COPY] = "async-copy",
        [RULE_LIBRARIES] = "libraries",
        [RULE_LINE_DIRECTIVE] = "line-directive",
        [RULE_LOCAL_INCLUDE] = "local-include",
        [RULE_BACKEND_MACRO] = "backend-macro",
        [RULE_JUDGE_NAME] = "judge-names",
        [RULE_REFERENCE_COPY] = "reference-copy",
};

const char *rule_name(int rule)
{
	return rule >= 0 && rule < RULE_COUNT ? names[rule] : NULL;
}

int rule_parse(const char *name)
{
	for (int r = 0; r < RULE_YAML_COUNT; ++r)
		if (name && !strcmp(name, names[r]))
			return r;
	return -1;
}

const char *rule_vocabulary(void)
{
	return "shfl.sync, vote.sync, shared-memory, syncthreads, atomicCAS, threadfence, "
	       "cooperative-groups, grid-sync, stream-wait-event, pinned-memory, async-copy, "
	       "libraries";
}

static void note_use(struct rule_scan *s, int rule, int line, const char *what, size_t len)
{
	struct rule_use *u = &s->use[rule];
	if (u->found)
		return;
	u->found = true;
	u->line = line;
	if (len >= sizeof u->what)
		len = sizeof u->what - 1;
	memcpy(u->what, what, len);
	u->what[len] = '\0';
}

/* What was found, when it is a phrase rather than a name from the code. The
 * scan (and its cache file) keeps the English; rules_evaluate() gives the
 * learner's language. */
static const struct lang_pair found_phrases[] = {
        LT("code inlined from cooperative_groups", "从 cooperative_groups 内联进来的代码"),
        LT("code inlined from a CUB or Thrust header", "从 CUB 或 Thrust 头文件内联进来的代码"),
        LT("a #line directive or line marker, which would hide the code after it from the "
           "checks: remove it",
           "#line 指令或行标记会让它后面的代码躲过检查：请删掉它"),
        LT("an #include of a file that is not a system or CUDA header: put all your code in "
           "this one file",
           "#include 了一个不是系统或 CUDA 头文件的文件：请把全部代码写在这一个文件里"),
        LT("an #include of a macro: name the system or CUDA header itself, and put all your "
           "code in this one file",
           "#include 了一个宏：请直接写出系统或 CUDA 头文件的名字，并把全部代码写在这一个文件里"),
        LT("an #if on a macro the file does not define itself (such as one that tells the "
           "GPU build and the emulator apart): the same code must run everywhere, so remove "
           "the condition",
           "#if 用到了文件自己没有定义的宏（例如区分 GPU 构建和模拟器的宏）："
           "各处必须运行同样的代码，请去掉这个条件"),
        LT("a name starting with cj_ or CJ_, which belong to the judge: rename it",
           "以 cj_ 或 CJ_ 开头的名字属于评测系统：请改名"),
        LT("a #define or #undef of a name the judge's launch code uses: rename the macro",
           "#define 或 #undef 了评测启动代码用到的名字：请给这个宏改名"),
        LT("a definition (or #define) of a function named like the CUDA runtime's, which "
           "would replace the runtime's own: rename it",
           "定义（或 #define）了与 CUDA 运行时函数同名的函数，会顶替运行时自己的函数：请改名"),
        LT("the file is the exercise's reference solution (the same code, whitespace and "
           "comments aside): hand in your own work",
           "这个文件就是本题的参考解（除空白和注释外代码相同）：请提交你自己的代码"),
};

enum {
	PHRASE_LINE = 2,
	PHRASE_INCLUDE,
	PHRASE_INCLUDE_MACRO,
	PHRASE_BACKEND,
	PHRASE_CJ_NAME,
	PHRASE_DEFINE,
	PHRASE_CUDA_DEFINITION,
	PHRASE_REFERENCE
};

/* A PTX instruction said in the learner's words, by the rule it broke: the
 * mnemonic ("bar.sync") reads like a name of the learner's own code (a
 * variable called bar) and the learner never wrote it. */
static const struct lang_pair ptx_words[RULE_COUNT] = {
        [RULE_SHFL_SYNC] = LT("a warp shuffle", "warp 内的 shuffle"),
        [RULE_VOTE_SYNC] = LT("a warp vote or match", "warp 投票或匹配"),
        [RULE_SHARED_MEMORY] = LT("a shared-memory access", "对 shared memory 的访问"),
        [RULE_SYNCTHREADS] =
                LT("a block barrier such as __syncthreads()", "block 级屏障，例如 __syncthreads()"),
        [RULE_ATOMIC_CAS] = LT("a compare-and-swap, atomicCAS", "比较并交换，即 atomicCAS"),
        [RULE_THREADFENCE] = LT("a memory fence", "内存 fence"),
        [RULE_ASYNC_COPY] = LT("an asynchronous copy", "异步复制"),
};

static bool ptx_mnemonic(const char *what)
{
	return strchr(what, '.') && !strpbrk(what, " /()");
}

static const char *found_text(int rule, const char *what)
{
	for (size_t i = 0; i < sizeof found_phrases / sizeof found_phrases[0]; ++i)
		if (strcmp(what, found_phrases[i].en) == 0)
			return lang_pick(found_phrases[i]);
	if (rule >= 0 && rule < RULE_COUNT && ptx_words[rule].en && ptx_mnemonic(what))
		return lang_pick(ptx_words[rule]);
	return what;
}

static void note_text(struct rule_scan *s, int rule, int line, const char *what)
{
	note_use(s, rule, line, what, strlen(what));
}

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

static bool is_ident(int c)
{
	return c == '_' || c == '$' || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') ||
	       (c >= 'A' && c <= 'Z');
}

/* ------------------------------------------------------------------------
 * PTX
 * ------------------------------------------------------------------------ */

enum frame_flag {
	F_LEARNER = 1u << 0,
	F_COOPERATIVE = 1u << 1,
	F_LIBRARY = 1u << 2,
	F_GRID_SYNC = 1u << 3,
	F_ASYNC_COPY = 1u << 4,
};

struct flags_table {
	unsigned *v;
	size_t n;
};

static void set_flags(struct flags_table *t, long i, unsigned f)
{
	if (i < 0 || i > 1000000)
		return;
	if ((size_t)i >= t->n) {
		size_t n = (size_t)i + 16;
		t->v = xrealloc(t->v, n * sizeof *t->v);
		memset(t->v + t->n, 0, (n - t->n) * sizeof *t->v);
		t->n = n;
	}
	t->v[i] |= f;
}

static unsigned get_flags(const struct flags_table *t, long i)
{
	return i >= 0 && (size_t)i < t->n ? t->v[i] : 0;
}

struct loc {
	long file, line, col;
};

struct loc_entry {
	struct loc at;
	long fn; /* $L__info_string index, -1 when none */
	bool inlined;
	struct loc parent;
	bool used;
};

/* The most recent .loc of each location (open addressing, grows). */
struct loc_map {
	struct loc_entry *slots;
	size_t cap, n;
};

static size_t loc_hash(struct loc a, size_t cap)
{
	uint64_t h = (uint64_t)a.file * 0x9e3779b97f4a7c15ull ^
	             (uint64_t)a.line * 0xc2b2ae3d27d4eb4full ^
	             (uint64_t)a.col * 0x165667b19e3779f9ull;
	return (size_t)(h ^ (h >> 29)) & (cap - 1);
}

static bool loc_eq(struct loc a, struct loc b)
{
	return a.file == b.file && a.line == b.line && a.col == b.col;
}

static struct loc_entry *loc_slot(struct loc_map *m, struct loc a)
{
	size_t i = loc_hash(a, m->cap);
	while (m->slots[i].used && !loc_eq(m->slots[i].at, a))
		i = (i + 1) & (m->cap - 1);
	return &m->slots[i];
}

static void loc_put(struct loc_map *m, const struct loc_entry *e)
{
	if (2 * (m->n + 1) > m->cap) {
		struct loc_map bigger = {.cap = m->cap ? 2 * m->cap : 1024};
		bigger.slots = xcalloc(bigger.cap, sizeof *bigger.slots);
		for (size_t i = 0; i < m->cap; ++i)
			if (m->slots[i].used)
				*loc_slot(&bigger, m->slots[i].at) = m->slots[i];
		bigger.n = m->n;
		free(m->slots);
		*m = bigger;
	}
	struct loc_entry *s = loc_slot(m, e->at);
	if (!s->used)
		m->n++;
	*s = *e;
	s->used = true;
}

static const struct loc_entry *loc_get(const struct loc_map *m, struct loc a)
{
	if (!m->cap)
		return NULL;
	const struct loc_entry *s = loc_slot((struct loc_map *)m, a);
	return s->used ? s : NULL;
}

/* The line [p, end) without leading blanks. */
static const char *skip_blanks(const char *p, const char *end)
{
	while (p < end && (*p == ' ' || *p == '\t'))
		++p;
	return p;
}

static bool same_file(const char *a, size_t alen, const char *learner)
{
	if (strlen(learner) == alen && !strncmp(a, learner, alen))
		return true;
	/* Only a path with the same last component can name the same file
	 * (links aside); realpath() is slow, and the .ii has thousands of paths. */
	const char *base = strrchr(learner, '/');
	base = base ? base + 1 : learner;
	size_t blen = strlen(base);
	if (alen < blen || memcmp(a + alen - blen, base, blen) ||
	    (alen > blen && a[alen - blen - 1] != '/'))
		return false;
	char *copy = xmalloc(alen + 1);
	memcpy(copy, a, alen);
	copy[alen] = '\0';
	char ra[PATH_MAX], rb[PATH_MAX];
	bool same = realpath(copy, ra) && realpath(learner, rb) && !strcmp(ra, rb);
	free(copy);
	return same;
}

static unsigned path_flags(const char *path, size_t len, const char *learner)
{
	char buf[PATH_MAX];
	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, path, len);
	buf[len] = '\0';
	unsigned f = 0;
	if (same_file(path, len, learner))
		f |= F_LEARNER;
	if (strstr(buf, "cooperative_groups"))
		f |= F_COOPERATIVE;
	if (strstr(buf, "/cub/") || strstr(buf, "/thrust/") || strstr(buf, "cublas"))
		f |= F_LIBRARY;
	return f;
}

static unsigned function_flags(const char *name)
{
	unsigned f = 0;
	if (strstr(name, "sync_grids"))
		f |= F_GRID_SYNC;
	if (strstr(name, "memcpy_async"))
		f |= F_ASYNC_COPY;
	/* Not "cooperative_groups" in the name: the learner's own function
	 * mangles it in when it takes a cg::thread_block. The headers' paths say it. */
	return f;
}

/* Parses ".loc F L C[, function_name $L__info_stringK, inlined_at F2 L2 C2]". */
static bool parse_loc(const char *p, struct loc_entry *e)
{
	char *end;
	memset(e, 0, sizeof *e);
	e->fn = -1;
	p += 4;
	e->at.file = strtol(p, &end, 10);
	if (end == p)
		return false;
	e->at.line = strtol(p = end, &end, 10);
	e->at.col = strtol(p = end, &end, 10);
	const char *fn = strstr(end, "function_name");
	if (fn) {
		const char *k = strstr(fn, "$L__info_string");
		if (k)
			e->fn = strtol(k + strlen("$L__info_string"), NULL, 10);
	}
	const char *in = strstr(end, "inlined_at");
	if (in) {
		p = in + strlen("inlined_at");
		e->parent.file = strtol(p, &end, 10);
		e->parent.line = strtol(p = end, &end, 10);
		e->parent.col = strtol(p = end, &end, 10);
		e->inlined = true;
	}
	return true;
}

struct ptx_state {
	struct flags_table files, fns;
	struct loc_map map;
	char **shared_names;
	size_t nshared;
	/* the chain of the current .loc */
	int learner_line; /* -1: not the learner's code */
	unsigned chain;   /* union of the frames' flags */
};

static unsigned frame_flags(const struct ptx_state *st, long file, long fn)
{
	return get_flags(&st->files, file) | get_flags(&st->fns, fn);
}

static void follow_chain(struct ptx_state *st, const struct loc_entry *e)
{
	st->learner_line = -1;
	st->chain = 0;
	struct loc_entry cur = *e;
	for (int depth = 0; depth < 64; ++depth) {
		unsigned f = frame_flags(st, cur.at.file, cur.fn);
		st->chain |= f;
		if ((f & F_LEARNER) && st->learner_line < 0)
			st->learner_line = (int)cur.at.line;
		if (!cur.inlined)
			break;
		const struct loc_entry *up = loc_get(&st->map, cur.parent);
		if (!up) { /* the caller's own .loc was not seen: its file is all we know */
			unsigned pf = get_flags(&st->files, cur.parent.file);
			st->chain |= pf;
			if ((pf & F_LEARNER) && st->learner_line < 0)
				st->learner_line = (int)cur.parent.line;
			break;
		}
		cur = *up;
	}
}

/* Decodes "$L__info_stringK:" followed by ".b8 n,n,..." lines up to a 0. */
static const char *read_info_string(const char *p, const char *text_end, struct strbuf *out)
{
	for (;;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		if (!starts(q, ".b8"))
			return p;
		q += 3;
		while (q < end) {
			char *next;
			long v = strtol(q, &next, 10);
			if (next == q)
				break;
			if (v == 0)
				return eol ? eol + 1 : text_end;
			char c = (char)v;
			sb_add(out, &c, 1);
			q = next;
			while (q < end && (*q == ',' || *q == ' '))
				++q;
		}
		if (!eol)
			return text_end;
		p = eol + 1;
	}
}

static void collect_tables(const char *ptx, const char *learner, struct ptx_state *st,
                           bool *learner_named)
{
	const char *text_end = ptx + strlen(ptx);
	for (const char *p = ptx; p < text_end;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		const char *next = eol ? eol + 1 : text_end;
		if (starts(q, ".file")) {
			char *num_end;
			long idx = strtol(q + 5, &num_end, 10);
			const char *open = memchr(num_end, '"', (size_t)(end - num_end));
			const char *close =
			        open ? memchr(open + 1, '"', (size_t)(end - open - 1)) : NULL;
			if (open && close) {
				unsigned f =
				        path_flags(open + 1, (size_t)(close - open - 1), learner);
				set_flags(&st->files, idx, f);
				*learner_named |= (f & F_LEARNER) != 0;
			}
		} else if (starts(q, "$L__info_string")) {
			long idx = strtol(q + strlen("$L__info_string"), NULL, 10);
			struct strbuf name = {0};
			next = read_info_string(next, text_end, &name);
			char *s = sb_take(&name);
			set_flags(&st->fns, idx, function_flags(s));
			free(s);
		} else if (starts(q, ".shared") || starts(q, ".extern .shared")) {
			/* the variable's name: the last identifier before '[' or ';' */
			const char *stop = q;
			while (stop < end && *stop != '[' && *stop != ';')
				++stop;
			const char *b = stop;
			while (b > q && is_ident((unsigned char)b[-1]))
				--b;
			if (b < stop) {
				st->shared_names =
				        xrealloc(st->shared_names,
				                 (st->nshared + 1) * sizeof *st->shared_names);
				char *n = xmalloc((size_t)(stop - b) + 1);
				memcpy(n, b, (size_t)(stop - b));
				n[stop - b] = '\0';
				st->shared_names[st->nshared++] = n;
			}
		}
		p = next;
	}
}

/* True when the operands [p, end) name a __shared__ variable. */
static bool names_shared(const struct ptx_state *st, const char *p, const char *end)
{
	for (size_t i = 0; i < st->nshared; ++i) {
		size_t len = strlen(st->shared_names[i]);
		for (const char *q = p; q + len <= end; ++q)
			if (!memcmp(q, st->shared_names[i], len) &&
			    (q == p || !is_ident((unsigned char)q[-1])) &&
			    (q + len == end || !is_ident((unsigned char)q[len])))
				return true;
	}
	return false;
}

static void classify_instruction(const struct ptx_state *st, const char *op, size_t oplen,
                                 const char *rest, const char *end, struct rule_scan *s)
{
	char o[64];
	size_t n = oplen < sizeof o - 1 ? oplen : sizeof o - 1;
	memcpy(o, op, n);
	o[n] = '\0';
	int line = st->learner_line;
	if (starts(o, "shfl."))
		note_use(s, RULE_SHFL_SYNC, line, op, oplen);
	if (starts(o, "vote.") || starts(o, "match."))
		note_use(s, RULE_VOTE_SYNC, line, op, oplen);
	if (strstr(o, ".shared") || names_shared(st, rest, end))
		note_use(s, RULE_SHARED_MEMORY, line, op, oplen);
	if ((starts(o, "bar.") || starts(o, "barrier.")) && !starts(o, "bar.warp.") &&
	    !starts(o, "barrier.warp."))
		note_use(s, RULE_SYNCTHREADS, line, op, oplen);
	if (starts(o, "atom.") && strstr(o, ".cas"))
		note_use(s, RULE_ATOMIC_CAS, line, op, oplen);
	if (starts(o, "membar.") || starts(o, "fence."))
		note_use(s, RULE_THREADFENCE, line, op, oplen);
	if (starts(o, "cp.async"))
		note_use(s, RULE_ASYNC_COPY, line, op, oplen);
	if (st->chain & F_COOPERATIVE)
		note_text(s, RULE_COOPERATIVE_GROUPS, line, found_phrases[0].en);
	if (st->chain & F_GRID_SYNC)
		note_text(s, RULE_GRID_SYNC, line, "grid_group::sync()");
	if (st->chain & F_ASYNC_COPY)
		note_text(s, RULE_ASYNC_COPY, line, "memcpy_async");
	if (st->chain & F_LIBRARY)
		note_text(s, RULE_LIBRARIES, line, found_phrases[1].en);
}

/* The statements of one line: usually one instruction, but inline asm
 * arrives as "{ .reg .f32 r0; shfl.sync.down.b32 r0|p, ...; @p add.f32 ...; }".
 * Returns how many instructions it classified. */
static int scan_statements(const struct ptx_state *st, const char *q, const char *end,
                           struct rule_scan *s)
{
	int count = 0;
	while (q < end) {
		while (q < end && (*q == '{' || *q == '}' || *q == ';' || *q == ' ' || *q == '\t'))
			++q;
		if (q >= end)
			break;
		const char *stop = memchr(q, ';', (size_t)(end - q));
		if (!stop)
			stop = end;
		if (q < stop && *q == '@') { /* a predicate guard */
			while (q < stop && *q != ' ' && *q != '\t')
				++q;
			q = skip_blanks(q, stop);
		}
		const char *op = q;
		while (q < stop && *q != ' ' && *q != '\t')
			++q;
		if (q > op && *op != '.' && *op != '/') {
			++count;
			classify_instruction(st, op, (size_t)(q - op), q, stop, s);
		}
		q = stop;
	}
	return count;
}

/* The functions of a PTX module: where each body lies and whether a
 * launched kernel reaches it. */
struct ptx_fn {
	const char *name;
	size_t len;
	bool entry, reached;
	size_t body_start, body_end; /* offsets of '{' and of the matching '}' */
};

struct ptx_fns {
	struct ptx_fn *v;
	size_t n;
};

/* The name a mangled kernel was given in the source: "_Z6kernelPi" ->
 * "kernel", "_ZN2ns6kernelEv" -> "kernel"; unmangled names as they are. */
static void source_name(const char *m, size_t len, const char **name, size_t *nlen)
{
	*name = m;
	*nlen = len;
	if (len < 3 || m[0] != '_' || m[1] != 'Z')
		return;
	const char *p = m + 2, *end = m + len;
	bool nested = *p == 'N';
	if (nested)
		++p;
	while (p < end && (*p == 'K' || *p == 'V' || *p == 'r'))
		++p;
	while (p < end && *p >= '0' && *p <= '9') {
		long n = strtol(p, (char **)&p, 10);
		if (n <= 0 || n > end - p)
			return;
		*name = p;
		*nlen = (size_t)n;
		p += n;
		if (!nested || p >= end || *p == 'E' || *p == 'I')
			return;
	}
}

/* True when the identifier [w, w + n) occurs, as a whole word, in text. */
static bool has_word(const char *text, const char *w, size_t n)
{
	if (!text || !n)
		return false;
	size_t tl = strlen(text);
	for (size_t i = 0; i + n <= tl; ++i)
		if (text[i] == w[0] && !memcmp(text + i, w, n) &&
		    (i == 0 || !is_ident((unsigned char)text[i - 1])) &&
		    !is_ident((unsigned char)text[i + n]))
			return true;
	return false;
}

/* Finds the functions and their bodies; marks the kernels named in launched
 * and everything their bodies name (calls, function pointers), transitively. */
static void find_functions(const char *ptx, const char *launched, struct ptx_fns *fns)
{
	memset(fns, 0, sizeof *fns);
	const char *text_end = ptx + strlen(ptx);
	int depth = 0;
	struct ptx_fn *pending = NULL; /* a header whose body has not begun */
	for (const char *p = ptx; p < text_end;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		if (depth == 0 &&
		    (starts(q, ".visible") || starts(q, ".weak") || starts(q, ".extern") ||
		     starts(q, ".entry") || starts(q, ".func"))) {
			const char *k = strstr(q, ".entry");
			bool entry = k && k < end;
			if (!entry)
				k = strstr(q, ".func");
			if (k && k < end) {
				k += entry ? 6 : 5;
				k = skip_blanks(k, end);
				if (k < end && *k == '(') { /* the return value */
					while (k < end && *k != ')')
						++k;
					k = skip_blanks(k + 1, end);
				}
				const char *b = k;
				while (k < end && is_ident((unsigned char)*k))
					++k;
				if (k > b) {
					fns->v = xrealloc(fns->v, (fns->n + 1) * sizeof *fns->v);
					pending = &fns->v[fns->n++];
					*pending = (struct ptx_fn){
					        .name = b, .len = (size_t)(k - b), .entry = entry};
				}
			}
		}
		for (const char *c = q; c < end; ++c) {
			if (c + 1 < end && c[0] == '/' && c[1] == '/')
				break;
			if (*c == '{') {
				if (depth++ == 0 && pending) {
					pending->body_start = (size_t)(c - ptx);
					pending->body_end = (size_t)(text_end - ptx);
				}
			} else if (*c == '}' && depth > 0) {
				if (--depth == 0 && pending) {
					pending->body_end = (size_t)(c - ptx);
					pending = NULL;
				}
			} else if (*c == ';' && depth == 0) {
				pending = NULL; /* a declaration */
			}
		}
		p = eol ? eol + 1 : text_end;
	}
	/* drop declarations (no body): a definition of the same name may follow */
	size_t kept = 0;
	for (size_t i = 0; i < fns->n; ++i)
		if (fns->v[i].body_end > fns->v[i].body_start)
			fns->v[kept++] = fns->v[i];
	fns->n = kept;
	size_t *queue = xcalloc(fns->n + 1, sizeof *queue);
	size_t head = 0, tail = 0;
	for (size_t i = 0; i < fns->n; ++i) {
		const char *name;
		size_t nlen;
		source_name(fns->v[i].name, fns->v[i].len, &name, &nlen);
		if (fns->v[i].entry && has_word(launched, name, nlen)) {
			fns->v[i].reached = true;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		const struct ptx_fn *f = &fns->v[queue[head++]];
		const char *c = ptx + f->body_start, *stop = ptx + f->body_end;
		while (c < stop) {
			if (!is_ident((unsigned char)*c) ||
			    (c > ptx && (c[-1] == '%' || c[-1] == '$'))) {
				++c;
				continue;
			}
			const char *b = c;
			while (c < stop && is_ident((unsigned char)*c))
				++c;
			for (size_t i = 0; i < fns->n; ++i)
				if (!fns->v[i].reached && fns->v[i].len == (size_t)(c - b) &&
				    !memcmp(fns->v[i].name, b, fns->v[i].len)) {
					fns->v[i].reached = true;
					queue[tail++] = i;
				}
		}
	}
	free(queue);
}

/* True when offset at lies in the body of a reached function. */
static bool in_reached(const struct ptx_fns *fns, size_t at)
{
	for (size_t i = 0; i < fns->n; ++i)
		if (fns->v[i].reached && at >= fns->v[i].body_start && at <= fns->v[i].body_end)
			return true;
	return false;
}

static int scan_ptx(const char *ptx, const char *learner_path, struct rule_scan *s,
                    const struct ptx_fns *only)
{
	struct ptx_state st = {.learner_line = -1};
	bool learner_named = false;
	collect_tables(ptx, learner_path, &st, &learner_named);
	int count = 0;
	const char *text_end = ptx + strlen(ptx);
	for (const char *p = ptx; p < text_end && learner_named;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		const char *line_start = p;
		p = eol ? eol + 1 : text_end;
		if (starts(q, ".loc")) {
			struct loc_entry e;
			if (parse_loc(q, &e)) {
				loc_put(&st.map, &e);
				follow_chain(&st, &e);
			}
			continue;
		}
		if (starts(q, ".entry") || starts(q, ".visible") || starts(q, ".func") ||
		    starts(q, ".weak")) {
			st.learner_line = -1; /* a new function: no line info yet */
			st.chain = 0;
			continue;
		}
		if (q == end || *q == '.' || *q == '/' || *q == '}' || *q == '(' || *q == ')' ||
		    end[-1] == ':' || st.learner_line < 0)
			continue;
		if (only && !in_reached(only, (size_t)(line_start - ptx)))
			continue;
		count += scan_statements(&st, q, end, s);
	}
	free(st.files.v);
	free(st.fns.v);
	free(st.map.slots);
	for (size_t i = 0; i < st.nshared; ++i)
		free(st.shared_names[i]);
	free(st.shared_names);
	return learner_named ? count : -1;
}

int rules_scan_ptx(const char *ptx, const char *learner_path, struct rule_scan *s)
{
	return scan_ptx(ptx, learner_path, s, NULL);
}

int rules_scan_ptx_launched(const char *ptx, const char *learner_path, const char *launched,
                            struct rule_scan *s)
{
	int count = scan_ptx(ptx, learner_path, s, NULL);
	struct ptx_fns fns;
	find_functions(ptx, launched, &fns);
	struct rule_scan reach;
	memset(&reach, 0, sizeof reach);
	scan_ptx(ptx, learner_path, &reach, &fns);
	for (int r = 0; r < RULE_YAML_COUNT; ++r)
		if (s->use[r].found && !reach.use[r].found)
			s->unreached[r] = true;
	free(fns.v);
	return count;
}

/* ------------------------------------------------------------------------
 * Source
 * ------------------------------------------------------------------------ */

struct ident_rule {
	const char *name;
	int rule;
	bool device; /* only a guess when there is no PTX */
	bool prefix; /* any identifier starting with name */
};

static const struct ident_rule ident_rules[] = {
        {"cudaStreamWaitEvent", RULE_STREAM_WAIT_EVENT, false, false},
        {"cudaMallocHost", RULE_PINNED_MEMORY, false, false},
        {"cudaHostAlloc", RULE_PINNED_MEMORY, false, false},
        {"cudaHostRegister", RULE_PINNED_MEMORY, false, false},
        {"cooperative_groups", RULE_COOPERATIVE_GROUPS, true, false},
        {"cublas", RULE_LIBRARIES, false, true},
        {"__shfl_sync", RULE_SHFL_SYNC, true, false},
        {"__shfl_up_sync", RULE_SHFL_SYNC, true, false},
        {"__shfl_down_sync", RULE_SHFL_SYNC, true, false},
        {"__shfl_xor_sync", RULE_SHFL_SYNC, true, false},
        {"shfl", RULE_SHFL_SYNC, true, false},
        {"shfl_up", RULE_SHFL_SYNC, true, false},
        {"shfl_down", RULE_SHFL_SYNC, true, false},
        {"shfl_xor", RULE_SHFL_SYNC, true, false},
        {"__ballot_sync", RULE_VOTE_SYNC, true, false},
        {"__all_sync", RULE_VOTE_SYNC, true, false},
        {"__any_sync", RULE_VOTE_SYNC, true, false},
        {"__uni_sync", RULE_VOTE_SYNC, true, false},
        {"__match_any_sync", RULE_VOTE_SYNC, true, false},
        {"__match_all_sync", RULE_VOTE_SYNC, true, false},
        {"ballot", RULE_VOTE_SYNC, true, false},
        {"__shared__", RULE_SHARED_MEMORY, true, false},
        {"__syncthreads", RULE_SYNCTHREADS, true, true},
        {"atomicCAS", RULE_ATOMIC_CAS, true, true},
        {"__threadfence", RULE_THREADFENCE, true, true},
        {"atomic_thread_fence", RULE_THREADFENCE, true, false},
        {"memcpy_async", RULE_ASYNC_COPY, true, false},
        {"__pipeline_memcpy_async", RULE_ASYNC_COPY, true, false},
        {"this_grid", RULE_GRID_SYNC, true, false},
};

/* The identifiers of one line of code (no comments), string and character
 * literals skipped. */
static void scan_code_line(const char *p, const char *end, int line, bool ptx_too,
                           struct rule_scan *s)
{
	while (p < end) {
		if (*p == '"' || *p == '\'') {
			char quote = *p++;
			while (p < end && *p != quote)
				p += *p == '\\' && p + 1 < end ? 2 : 1;
			++p;
			continue;
		}
		if (!is_ident((unsigned char)*p) || (*p >= '0' && *p <= '9')) {
			++p;
			continue;
		}
		const char *b = p;
		while (p < end && is_ident((unsigned char)*p))
			++p;
		size_t len = (size_t)(p - b);
		const char *after = skip_blanks(p, end);
		if ((len == 3 && !memcmp(b, "cub", 3)) || (len == 6 && !memcmp(b, "thrust", 6))) {
			if (after + 1 < end && after[0] == ':' && after[1] == ':')
				note_use(s, RULE_LIBRARIES, line, b, len);
			continue;
		}
		for (size_t i = 0; i < sizeof ident_rules / sizeof *ident_rules; ++i) {
			const struct ident_rule *r = &ident_rules[i];
			size_t n = strlen(r->name);
			if ((r->device && ptx_too) || len < n || memcmp(b, r->name, n) ||
			    (!r->prefix && len != n))
				continue;
			note_use(s, r->rule, line, b, len);
		}
	}
}

static bool library_path(const char *p, size_t len)
{
	char buf[PATH_MAX];
	if (len >= sizeof buf)
		len = sizeof buf - 1;
	memcpy(buf, p, len);
	buf[len] = '\0';
	return strstr(buf, "cub/") || strstr(buf, "thrust/") || strstr(buf, "cublas");
}

#define INCLUDE_DEPTH 256

struct include_frame {
	const char *path;
	size_t len;
	bool learner;
	long line; /* the next line's number in this file */
};

/* `# N "path" flags` of preprocessed output: moves the include stack. */
static void line_marker(const char *q, const char *end, const char *learner,
                        struct include_frame *stack, int *depth, struct rule_scan *s)
{
	char *num_end;
	long n = strtol(q + 1, &num_end, 10);
	const char *open = memchr(num_end, '"', (size_t)(end - num_end));
	const char *close = open ? memchr(open + 1, '"', (size_t)(end - open - 1)) : NULL;
	if (!open || !close)
		return;
	const char *path = open + 1;
	size_t len = (size_t)(close - path);
	bool push = false, pop = false;
	for (const char *f = close + 1; f < end; ++f) {
		if (*f == '1' && (f[-1] == ' ') && (f + 1 == end || f[1] == ' '))
			push = true;
		if (*f == '2' && (f[-1] == ' ') && (f + 1 == end || f[1] == ' '))
			pop = true;
	}
	if (push && *depth > 0) {
		bool from_learner = false;
		int learner_line = 0;
		for (int i = *depth - 1; i >= 0; --i)
			if (stack[i].learner) {
				from_learner = true;
				learner_line = (int)stack[i].line; /* the #include's line */
				break;
			}
		if (from_learner && library_path(path, len))
			note_use(s, RULE_LIBRARIES, learner_line, path, len);
	}
	if (pop) {
		while (*depth > 1 && !(stack[*depth - 1].len == len &&
		                       !memcmp(stack[*depth - 1].path, path, len)))
			--*depth;
	} else if (push && *depth < INCLUDE_DEPTH) {
		++*depth;
	} else if (*depth == 0) {
		*depth = 1;
	}
	struct include_frame *top = &stack[*depth - 1];
	if (top->path != path || top->len != len) {
		top->path = path;
		top->len = len;
		top->learner = same_file(path, len, learner);
	}
	top->line = n;
}

void rules_scan_source(const char *text, const char *learner_path, bool preprocessed, bool ptx_too,
                       struct rule_scan *s)
{
	struct include_frame stack[INCLUDE_DEPTH] = {{0}};
	int depth = 0;
	bool in_comment = false;
	long raw_line = 0;
	const char *text_end = text + strlen(text);
	for (const char *p = text; p < text_end;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		p = eol ? eol + 1 : text_end;
		if (preprocessed) {
			/* "# 12 \"file\" 1": a line marker; "#pragma unroll" is a line of code. */
			if (q[0] == '#' && q[1] == ' ' && q[2] >= '0' && q[2] <= '9') {
				line_marker(q, end, learner_path, stack, &depth, s);
				continue;
			}
			if (depth == 0 || !stack[depth - 1].learner) {
				if (depth > 0)
					stack[depth - 1].line++;
				continue;
			}
			int line = (int)stack[depth - 1].line++;
			scan_code_line(q, end, line, ptx_too, s);
			continue;
		}
		/* The file as written: drop comments, look at #include lines. */
		++raw_line;
		struct strbuf code = {0};
		for (const char *c = q; c < end; ++c) {
			if (in_comment) {
				if (c + 1 < end && c[0] == '*' && c[1] == '/')
					in_comment = false, ++c;
				continue;
			}
			if (c + 1 < end && c[0] == '/' && c[1] == '*') {
				in_comment = true, ++c;
				continue;
			}
			if (c + 1 < end && c[0] == '/' && c[1] == '/')
				break;
			sb_add(&code, c, 1);
		}
		char *line = sb_take(&code);
		const char *l = skip_blanks(line, line + strlen(line));
		if (*l == '#') {
			if (strstr(l, "include") && library_path(l, strlen(l)))
				note_text(s, RULE_LIBRARIES, (int)raw_line, l);
		} else {
			scan_code_line(l, l + strlen(l), (int)raw_line, ptx_too, s);
		}
		free(line);
	}
}

/* ------------------------------------------------------------------------
 * Directives and names of the file as written
 * ------------------------------------------------------------------------ */

/* text with comments blanked out (newlines kept), string and character
 * literals kept as they are. */
static char *without_comments(const char *text)
{
	size_t n = strlen(text);
	char *out = xmalloc(n + 1);
	memcpy(out, text, n + 1);
	for (size_t i = 0; i < n;) {
		if (out[i] == '"' || out[i] == '\'') {
			char quote = out[i++];
			while (i < n && out[i] != quote && out[i] != '\n')
				i += out[i] == '\\' && i + 1 < n ? 2 : 1;
			++i;
		} else if (out[i] == '/' && i + 1 < n && out[i + 1] == '/') {
			while (i < n && out[i] != '\n') {
				if (out[i] == '\\' && i + 1 < n && out[i + 1] == '\n')
					out[i++] = ' '; /* a spliced // comment goes on */
				out[i++] = ' ';
			}
		} else if (out[i] == '/' && i + 1 < n && out[i + 1] == '*') {
			out[i++] = ' ';
			out[i++] = ' ';
			while (i < n && !(out[i] == '*' && i + 1 < n && out[i + 1] == '/')) {
				if (out[i] != '\n')
					out[i] = ' ';
				++i;
			}
			if (i < n)
				out[i++] = ' ';
			if (i < n)
				out[i++] = ' ';
		} else {
			++i;
		}
	}
	return out;
}

/* The next logical line of [p, end) into line (backslash-newlines joined);
 * *lines is the number of physical lines it took. */
static const char *logical_line(const char *p, const char *end, struct strbuf *line, int *lines)
{
	*lines = 0;
	line->len = 0;
	while (p < end) {
		const char *eol = memchr(p, '\n', (size_t)(end - p));
		const char *stop = eol ? eol : end;
		++*lines;
		const char *last = stop;
		while (last > p && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r'))
			--last;
		bool spliced = eol && last > p && last[-1] == '\\';
		sb_add(line, p, (size_t)((spliced ? last - 1 : stop) - p));
		p = eol ? eol + 1 : end;
		if (!spliced)
			break;
	}
	sb_add(line, "", 1);
	line->len--;
	return p;
}

/* The directive of a line: '#' or the digraph "%:", then its name. */
static const char *directive(const char *l, const char **name_end)
{
	l = skip_blanks(l, l + strlen(l));
	if (*l == '#')
		++l;
	else if (l[0] == '%' && l[1] == ':')
		l += 2;
	else
		return NULL;
	l = skip_blanks(l, l + strlen(l));
	const char *e = l;
	while (is_ident((unsigned char)*e))
		++e;
	*name_end = e;
	return l;
}

static bool word_is(const char *w, const char *end, const char *s)
{
	return (size_t)(end - w) == strlen(s) && !memcmp(w, s, (size_t)(end - w));
}

/* True when <name> is one of the judge's own headers (harness/runtime,
 * harness/problems, or the emulator's own emu*.h). Every other header of
 * harness/emu stands in for the CUDA toolkit's header of the same name
 * (<math_constants.h>, <cuda_fp16.h>, <cooperative_groups.h>, ...), which a
 * learner may include. */
static bool judge_header(const char *root, const char *name, size_t len)
{
	if (!root || !len)
		return false;
	static const char *const dirs[] = {"harness/runtime", "harness/problems", "harness/emu"};
	bool emulator_own = len >= 3 && !memcmp(name, "emu", 3);
	for (size_t i = 0; i < sizeof dirs / sizeof dirs[0]; ++i) {
		if (i == 2 && !emulator_own)
			continue;
		char *path = xasprintf("%s/%s/%.*s", root, dirs[i], (int)len, name);
		bool there = file_exists(path);
		free(path);
		if (there)
			return true;
	}
	return false;
}

struct names {
	char **v;
	size_t n;
};

static bool names_has(const struct names *d, const char *w, size_t n)
{
	for (size_t i = 0; i < d->n; ++i)
		if (strlen(d->v[i]) == n && !memcmp(d->v[i], w, n))
			return true;
	return false;
}

/* A CUDA runtime or driver name: cudaX..., cuX... (X upper case), __cuda... */
static bool cuda_api_name(const char *w, size_t n)
{
	return (n > 4 && !memcmp(w, "cuda", 4) && w[4] >= 'A' && w[4] <= 'Z') ||
	       (n > 2 && !memcmp(w, "cu", 2) && w[2] >= 'A' && w[2] <= 'Z') ||
	       (n > 6 && !memcmp(w, "__cuda", 6));
}

/* Definitions of functions named like the CUDA runtime (name, balanced
 * parentheses, then a body), which would replace the runtime's own in the
 * test binary (cudaEventElapsedTime reporting any time). clean: the text
 * without comments. */
static void cuda_definitions(const char *clean, struct rule_scan *s)
{
	int line = 1;
	for (const char *c = clean; *c;) {
		if (*c == '\n') {
			++line, ++c;
			continue;
		}
		if (*c == '"' || *c == '\'') {
			char quote = *c++;
			while (*c && *c != quote && *c != '\n')
				c += *c == '\\' && c[1] ? 2 : 1;
			if (*c == quote)
				++c;
			continue;
		}
		if (!is_ident((unsigned char)*c) || (c > clean && is_ident((unsigned char)c[-1]))) {
			++c;
			continue;
		}
		const char *b = c;
		while (is_ident((unsigned char)*c))
			++c;
		if (!cuda_api_name(b, (size_t)(c - b)))
			continue;
		const char *q = c;
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			++q;
		if (*q != '(')
			continue;
		int depth = 0;
		do {
			depth += *q == '(' ? 1 : *q == ')' ? -1 : 0;
			++q;
		} while (*q && depth > 0);
		while (*q == ' ' || *q == '\t' || *q == '\n' || *q == '\r')
			++q;
		if (*q == '{')
			note_text(s, RULE_JUDGE_NAME, line,
			          found_phrases[PHRASE_CUDA_DEFINITION].en);
	}
}

void rules_scan_directives(const char *text, const char *root, const char *glue,
                           struct rule_scan *s)
{
	char *clean = without_comments(text);
	const char *end = clean + strlen(clean);
	struct strbuf line = {0};
	struct names defined = {0};
	/* first the macros the file defines itself */
	for (const char *p = clean; p < end;) {
		int lines;
		p = logical_line(p, end, &line, &lines);
		const char *name_end, *d = directive(line.s, &name_end);
		if (!d || !word_is(d, name_end, "define"))
			continue;
		const char *m = skip_blanks(name_end, name_end + strlen(name_end)), *me = m;
		while (is_ident((unsigned char)*me))
			++me;
		if (me > m) {
			defined.v = xrealloc(defined.v, (defined.n + 1) * sizeof *defined.v);
			defined.v[defined.n++] = xasprintf("%.*s", (int)(me - m), m);
		}
	}
	cuda_definitions(clean, s);
	int at = 1;
	for (const char *p = clean; p < end;) {
		int lines, line_no = at;
		p = logical_line(p, end, &line, &lines);
		at += lines;
		const char *l = line.s, *le = l + line.len;
		/* cj_ and CJ_ names, anywhere but in literals */
		for (const char *c = l; c < le;) {
			if (*c == '"' || *c == '\'') {
				char quote = *c++;
				while (c < le && *c != quote)
					c += *c == '\\' && c + 1 < le ? 2 : 1;
				++c;
				continue;
			}
			if (!is_ident((unsigned char)*c) ||
			    (c > l && is_ident((unsigned char)c[-1]))) {
				++c;
				continue;
			}
			if ((!strncmp(c, "cj_", 3) || !strncmp(c, "CJ_", 3)))
				note_text(s, RULE_JUDGE_NAME, line_no,
				          found_phrases[PHRASE_CJ_NAME].en);
			while (c < le && is_ident((unsigned char)*c))
				++c;
		}
		const char *name_end, *d = directive(l, &name_end);
		if (!d)
			continue;
		const char *rest = skip_blanks(name_end, le);
		if ((d < name_end && *d >= '0' && *d <= '9') || word_is(d, name_end, "line")) {
			note_text(s, RULE_LINE_DIRECTIVE, line_no, found_phrases[PHRASE_LINE].en);
		} else if (word_is(d, name_end, "include") ||
		           word_is(d, name_end, "include_next") || word_is(d, name_end, "import")) {
			if (*rest == '<') {
				const char *close = strchr(rest, '>');
				if (close &&
				    judge_header(root, rest + 1, (size_t)(close - rest - 1)))
					note_text(s, RULE_LOCAL_INCLUDE, line_no,
					          found_phrases[PHRASE_INCLUDE].en);
			} else {
				note_text(s, RULE_LOCAL_INCLUDE, line_no,
				          found_phrases[*rest == '"' ? PHRASE_INCLUDE
				                                     : PHRASE_INCLUDE_MACRO]
				                  .en);
			}
		} else if (word_is(d, name_end, "if") || word_is(d, name_end, "ifdef") ||
		           word_is(d, name_end, "ifndef") || word_is(d, name_end, "elif") ||
		           word_is(d, name_end, "elifdef") || word_is(d, name_end, "elifndef")) {
			for (const char *c = rest; c < le;) {
				if (!is_ident((unsigned char)*c) || (*c >= '0' && *c <= '9')) {
					/* skip numbers whole: 0x1F, 10u */
					if (*c >= '0' && *c <= '9')
						while (c < le && is_ident((unsigned char)*c))
							++c;
					else
						++c;
					continue;
				}
				const char *b = c;
				while (c < le && is_ident((unsigned char)*c))
					++c;
				if (!word_is(b, c, "defined") &&
				    !names_has(&defined, b, (size_t)(c - b))) {
					note_text(s, RULE_BACKEND_MACRO, line_no,
					          found_phrases[PHRASE_BACKEND].en);
					break;
				}
			}
		} else if (word_is(d, name_end, "define") || word_is(d, name_end, "undef")) {
			const char *m = rest, *me = m;
			while (is_ident((unsigned char)*me))
				++me;
			if (me > m && (has_word(glue, m, (size_t)(me - m)) ||
			               cuda_api_name(m, (size_t)(me - m))))
				note_text(s, RULE_JUDGE_NAME, line_no,
				          found_phrases[PHRASE_DEFINE].en);
		}
	}
	for (size_t i = 0; i < defined.n; ++i)
		free(defined.v[i]);
	free(defined.v);
	free(line.s);
	free(clean);
}

static bool grading;

void rules_set_grading(bool on)
{
	grading = on;
}

/* text without comments and whitespace (malloc'd). */
static char *code_only(const char *text)
{
	char *clean = without_comments(text);
	size_t k = 0;
	for (size_t i = 0; clean[i]; ++i)
		if (clean[i] != ' ' && clean[i] != '\t' && clean[i] != '\n' && clean[i] != '\r' &&
		    clean[i] != '\v' && clean[i] != '\f')
			clean[k++] = clean[i];
	clean[k] = '\0';
	return clean;
}

/* FNV-1a of code_only(text) in hex: what a grading image keeps of a reference. */
static void code_hash(const char *code, char out[17])
{
	uint64_t h = 0xcbf29ce484222325ull;
	for (const unsigned char *c = (const unsigned char *)code; *c; ++c)
		h = (h ^ *c) * 0x100000001b3ull;
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* Where the reference is out of reach (a grading image moves it where only root
 * reads, docs/platforms.md), path.code-hash holds code_hash of its code instead; with
 * CUDAJUDGE_CODE_HASH_DIR set, the hash of a reference read here is written there
 * (grade --prepare, when the image is built). */
bool rules_same_code(const char *text, const char *path)
{
	if (!text)
		return false;
	char *a = code_only(text), *other = read_file(path, NULL), hash[17];
	bool same = false;
	if (other) {
		char *b = code_only(other);
		same = !strcmp(a, b);
		const char *dir = getenv("CUDAJUDGE_CODE_HASH_DIR");
		if (dir && *dir) {
			const char *base = strrchr(path, '/');
			char *kept = xasprintf("%s/%s.code-hash", dir, base ? base + 1 : path);
			FILE *f = fopen(kept, "w");
			code_hash(b, hash);
			if (f)
				fprintf(f, "%s\n", hash), fclose(f);
			free(kept);
		}
		free(b);
	} else {
		char *kept_path = xasprintf("%s.code-hash", path);
		char *kept = read_file(kept_path, NULL);
		code_hash(a, hash);
		same = kept && !strncmp(kept, hash, 16);
		free(kept);
		free(kept_path);
	}
	free(a);
	free(other);
	return same;
}

/* ------------------------------------------------------------------------
 * Evaluation
 * ------------------------------------------------------------------------ */

int rules_evaluate(const struct problem_entry *e, const struct rule_scan *s,
                   struct rule_violation out[RULES_MAX_VIOLATIONS])
{
	int n = 0;
	bool seen[RULE_COUNT] = {false};
	for (size_t i = 0; i < e->require.n && n < RULES_MAX_VIOLATIONS; ++i) {
		int r = rule_parse(e->require.items[i]);
		if (r < 0 || seen[r] || (s->use[r].found && !s->unreached[r]))
			continue;
		seen[r] = true;
		out[n++] = (struct rule_violation){.rule = r, .required = true};
	}
	/* What hides code from the checks or reaches into the judge, first. */
	for (int r = RULE_YAML_COUNT; r < RULE_COUNT && n < RULES_MAX_VIOLATIONS; ++r) {
		if (!s->use[r].found)
			continue;
		seen[r] = true;
		out[n] = (struct rule_violation){.rule = r, .line = s->use[r].line};
		utf8_copy(out[n].what, sizeof out[n].what, found_text(r, s->use[r].what));
		++n;
	}
	bool forbid_libraries = true;
	for (size_t i = 0; i <= e->forbid.n && n < RULES_MAX_VIOLATIONS; ++i) {
		int r = i < e->forbid.n ? rule_parse(e->forbid.items[i]) : RULE_LIBRARIES;
		if (i == e->forbid.n && !forbid_libraries)
			break;
		if (r == RULE_LIBRARIES)
			forbid_libraries = false;
		if (r < 0 || seen[r] || !s->use[r].found)
			continue;
		seen[r] = true;
		out[n] = (struct rule_violation){.rule = r, .line = s->use[r].line};
		utf8_copy(out[n].what, sizeof out[n].what, found_text(r, s->use[r].what));
		++n;
	}
	return n;
}

/* ------------------------------------------------------------------------
 * The background job and its cache
 * ------------------------------------------------------------------------ */

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
	const unsigned char *s = data;
	for (size_t i = 0; i < len; ++i)
		h = (h ^ s[i]) * 0x100000001b3ull;
	return (h ^ 0xff) * 0x100000001b3ull;
}

static uint64_t hash_file(uint64_t h, const char *path)
{
	size_t len = 0;
	char *text = read_file(path, &len);
	h = text ? fnv(h, text, len) : fnv(h, path, strlen(path));
	free(text);
	return h;
}

static bool load_cached(const char *path, struct rule_scan *s)
{
	FILE *f = fopen(path, "r");
	if (!f)
		return false;
	char line[512];
	bool ok = fgets(line, sizeof line, f) && atoi(line) == RULES_SCAN_VERSION;
	memset(s, 0, sizeof *s);
	while (ok && fgets(line, sizeof line, f)) {
		int r, at, unreached, len;
		if (sscanf(line, "%d %d %d %n", &r, &at, &unreached, &len) < 3 || r < 0 ||
		    r >= RULE_COUNT) {
			ok = false;
			break;
		}
		char *what = line + len;
		what[strcspn(what, "\n")] = '\0';
		note_text(s, r, at, what);
		s->unreached[r] = unreached != 0;
	}
	fclose(f);
	return ok;
}

static void store_cached(const char *path, const struct rule_scan *s)
{
	char *tmp = xasprintf("%s.tmp%d", path, (int)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f) {
		free(tmp);
		return;
	}
	bool ok = fprintf(f, "%d\n", RULES_SCAN_VERSION) > 0;
	for (int r = 0; r < RULE_COUNT; ++r)
		if (s->use[r].found)
			ok &= fprintf(f, "%d %d %d %s\n", r, s->use[r].line,
			              s->unreached[r] ? 1 : 0, s->use[r].what) > 0;
	ok &= fclose(f) == 0;
	if (!ok || rename(tmp, path) != 0)
		unlink(tmp);
	free(tmp);
}

void rules_start(const struct build_paths *p, const struct problem_entry *e, const char *source,
                 int cc, const char *workdir, struct rules_job *job)
{
	memset(job, 0, sizeof *job);
	job->learner = xstrdup(source);
	job->paths = *p;
	job->id = e->id;
	job->cc = cc;
	job->workdir = xstrdup(workdir);
	/* Where the gpu build (compile.c, nvcc -keep) leaves them. */
	job->ptx = xasprintf("%s/learner_tu.ptx", workdir);
	job->ii = xasprintf("%s/learner_tu.cpp1.ii", workdir);
	if (!p->nvcc)
		return;
	char *glue = problem_glue_path(p->root, e->id);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *glue_h = xasprintf("%s/harness/runtime/glue.h", p->root);
	char *wire_h = xasprintf("%s/harness/runtime/wire.h", p->root);
	uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)(RULES_SCAN_VERSION * 1000 + cc);
	h = hash_learner_sources(h, source, p->root); /* and what it includes (compile.h) */
	h = hash_file(h, glue);
	h = hash_file(h, tu);
	h = hash_file(h, glue_h);
	h = hash_file(h, wire_h);
	h = fnv(h, p->nvcc, strlen(p->nvcc));
	h = fnv(h, source, strlen(source)); /* the path is in the line info */
	char *dir = xasprintf("%s/cache/rules", p->build);
	job->cache = xasprintf("%s/%s-%016llx.scan", dir, e->id, (unsigned long long)h);
	job->cached = load_cached(job->cache, &job->scan);
	if (!job->cached)
		make_dirs(dir);
	free(dir);
	free(glue);
	free(tu);
	free(glue_h);
	free(wire_h);
}

/* nvcc -ptx of the learner's translation unit, keeping the preprocessed
 * source, into workdir/rules; true when it succeeded. It runs after the
 * build, not beside it: the supervisor reaps every child of the engine. */
static bool run_nvcc_ptx(struct rules_job *job)
{
	const struct build_paths *p = &job->paths;
	char *keep = xasprintf("%s/rules", job->workdir);
	make_dirs(keep);
	free(job->ptx);
	free(job->ii);
	job->ptx = xasprintf("%s/learner_tu.ptx", keep);
	job->ii = xasprintf("%s/learner_tu.cpp1.ii", keep);
	char *arch = xasprintf("-arch=sm_%d", job->cc);
	char *inc_rt = xasprintf("-I%s/harness/runtime", p->root);
	char *inc_pb = xasprintf("-I%s/harness/problems", p->root);
	char *def_src = xasprintf("-DCJ_LEARNER_FILE=\"%s\"", job->learner);
	char *glue = problem_glue_path(p->root, job->id);
	char *def_glue = xasprintf("-DCJ_GLUE=\"%s\"", glue);
	free(glue);
	char *tu = xasprintf("%s/harness/runtime/learner_tu.cu", p->root);
	char *argv[] = {(char *)p->nvcc, "-std=c++17", "-O3",   "-lineinfo", arch,
	                inc_rt,          inc_pb,       def_src, def_glue,    "-ptx",
	                "-keep",         "-keep-dir",  keep,    tu,          "-o",
	                job->ptx,        NULL};
	const struct run_limits lim = {.wall_s = RULES_NVCC_LIMIT_S, .output_keep = 64 * 1024};
	struct run_result r;
	bool ok =
	        run_supervised(argv, -1, &lim, &r) == 0 && r.end == RUN_EXITED && r.exit_code == 0;
	if (getenv("CJ_RULES_DEBUG"))
		fprintf(stderr, "rules: nvcc -ptx: %s\n", r.output ? r.output : r.error);
	run_result_free(&r);
	free(arch);
	free(inc_rt);
	free(inc_pb);
	free(def_src);
	free(def_glue);
	free(tu);
	free(keep);
	return ok;
}

/* The device primitives the file's text names anywhere (dead code, code
 * only the emulator compiles) break a forbid rule too; they never meet a
 * requirement. */
static void text_forbids(const char *learner, struct rule_scan *s)
{
	char *text = read_file(learner, NULL);
	struct rule_scan t;
	memset(&t, 0, sizeof t);
	if (text)
		rules_scan_source(text, learner, false, false, &t);
	free(text);
	for (int r = 0; r < RULE_YAML_COUNT; ++r)
		if (t.use[r].found && !s->use[r].found) {
			s->use[r] = t.use[r];
			s->unreached[r] = true;
		}
}

static void scan_learner_text(const char *learner, struct rule_scan *s)
{
	char *text = read_file(learner, NULL);
	if (text)
		rules_scan_source(text, learner, false, false, s);
	free(text);
}

void rules_finish(struct rules_job *job, const struct problem_entry *e, struct rules_outcome *out)
{
	memset(out, 0, sizeof *out);
	double t = now_s();
	out->method = "ptx";
	out->cached = job->cached;
	char *glue_path = problem_glue_path(job->paths.root, job->id);
	char *glue = read_file(glue_path, NULL);
	free(glue_path);
	if (!job->cached) {
		bool kept = file_exists(job->ptx) && file_exists(job->ii);
		bool ok = kept || (job->paths.nvcc && run_nvcc_ptx(job));
		char *ptx = ok ? read_file(job->ptx, NULL) : NULL;
		char *ii = ok ? read_file(job->ii, NULL) : NULL;
		if (ptx && ii) {
			/* -1 (the file is not in the line info) means the learner's code
			 * compiled to no device instruction: nothing to find there. */
			rules_scan_ptx_launched(ptx, job->learner, glue, &job->scan);
			rules_scan_source(ii, job->learner, true, true, &job->scan);
			text_forbids(job->learner, &job->scan);
		} else {
			out->method = "source";
			snprintf(out->note, sizeof out->note, "%s",
			         !job->paths.nvcc
			                 ? L("nvcc was not found, so the rules were checked on the "
			                     "source text only (a weaker check)",
			                     "没有找到 "
			                     "nvcc，所以只在源代码文本上检查了规则（检查较弱）")
			                 : L("nvcc could not compile the file for the rule check, "
			                     "so "
			                     "the rules were checked on the source text only",
			                     "nvcc "
			                     "无法为规则检查编译这个文件，所以只在源代码文本上检查"
			                     "了规则"));
			scan_learner_text(job->learner, &job->scan);
		}
		char *text = read_file(job->learner, NULL);
		if (text)
			rules_scan_directives(text, job->paths.root, glue, &job->scan);
		free(text);
		if (ptx && ii && job->cache) /* everything above, directives included */
			store_cached(job->cache, &job->scan);
		free(ptx);
		free(ii);
	}
	free(glue);
	if (grading) {
		char *text = read_file(job->learner, NULL);
		char *ref = xasprintf("%s/reference/%s.cu", job->paths.root, job->id);
		if (text && rules_same_code(text, ref))
			note_text(&job->scan, RULE_REFERENCE_COPY, 0,
			          found_phrases[PHRASE_REFERENCE].en);
		free(ref);
		free(text);
	}
	out->wait_s = now_s() - t;
	out->n = rules_evaluate(e, &job->scan, out->v);
	rules_cancel(job);
}

void rules_cancel(struct rules_job *job)
{
	free(job->workdir);
	free(job->ptx);
	free(job->ii);
	free(job->cache);
	free(job->learner);
	memset(job, 0, sizeof *job);
}

char *rules_json(const struct rules_outcome *o, const char *file, const char *output_verdict)
{
	struct strbuf b = {0};
	sb_puts(&b, "{\"method\":");
	json_str(&b, o->method);
	json_kv_str(&b, "note", o->note[0] ? o->note : NULL);
	sb_printf(&b, ",\"cached\":%s,\"seconds\":", o->cached ? "true" : "false");
	json_num(&b, o->wait_s);
	json_kv_str(&b, "file", file);
	json_kv_str(&b, "output_verdict", output_verdict);
	sb_puts(&b, ",\"violations\":[");
	for (int i = 0; i < o->n; ++i) {
		const struct rule_violation *v = &o->v[i];
		sb_puts(&b, i ? ",{\"rule\":" : "{\"rule\":");
		json_str(&b, rule_name(v->rule));
		json_kv_str(&b, "kind", v->required ? "require" : "forbid");
		sb_printf(&b, ",\"line\":%d", v->line);
		json_kv_str(&b, "found", v->required ? NULL : v->what);
		sb_puts(&b, "}");
	}
	sb_puts(&b, "]}");
	return sb_take(&b);
}
