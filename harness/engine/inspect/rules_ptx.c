/*
 * The RULE check's reading of PTX (rules_scan_ptx, rules_scan_ptx_launched;
 * see rules.h), called by rules.c with the PTX nvcc -ptx -lineinfo wrote.
 *
 * Attribution works on the .loc directives nvcc writes with -lineinfo. A
 * .loc names a file, line and column, and for inlined code also the inlined
 * function and the location it was inlined at; that location was itself the
 * subject of an earlier .loc, so following "inlined_at" through the most
 * recent .loc of each location rebuilds the whole inline chain. An
 * instruction belongs to the learner when one frame of its chain lies in the
 * learner's file; the innermost such frame gives the line that is reported.
 * The files of the .file table are C strings (nvcc writes a path's bytes >=
 * 0x80, '"' and '\\' as escapes): the lexer decodes them before they are
 * compared with the learner's path.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "c_lexer.h"
#include "learner_file.h"
#include "rules_scan.h"
#include "util.h"

static bool starts(const char *s, const char *prefix)
{
	return !strncmp(s, prefix, strlen(prefix));
}

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

/* What a file of the .file table is: the learner's (whatever its folders
 * are called), or a header of cooperative groups or of a library. */
static unsigned path_flags(struct learner_file *learner, const char *path)
{
	if (learner_file_is(learner, path))
		return F_LEARNER;
	unsigned f = 0;
	if (strstr(path, "cooperative_groups"))
		f |= F_COOPERATIVE;
	if (strstr(path, "/cub/") || strstr(path, "/thrust/") || strstr(path, "cublas"))
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

/* `.file 2 "path"[, time, size]`: the index and the decoded path. */
static bool file_entry(const char *q, const char *end, long *idx, char **path)
{
	struct c_lexer lx;
	struct c_token t;
	int n = 0;
	*path = NULL;
	c_lex_init(&lx, q, (size_t)(end - q), 0);
	while (n < 4 && c_lex_next(&lx, &t)) {
		if (n == 2 && t.kind == C_NUMBER)
			*idx = strtol(t.at, NULL, 10);
		else if (n == 3 && t.kind == C_STRING && !t.unterminated)
			*path = c_string_value(t.at, t.len, NULL);
		else if (n >= 2)
			break;
		++n;
	}
	c_lex_free(&lx);
	return *path != NULL;
}

static void collect_tables(const char *ptx, struct learner_file *learner, struct ptx_state *st,
                           bool *learner_named)
{
	const char *text_end = ptx + strlen(ptx);
	for (const char *p = ptx; p < text_end;) {
		const char *eol = memchr(p, '\n', (size_t)(text_end - p));
		const char *end = eol ? eol : text_end;
		const char *q = skip_blanks(p, end);
		const char *next = eol ? eol + 1 : text_end;
		long file = -1;
		char *path;
		if (starts(q, ".file") && file_entry(q, end, &file, &path)) {
			unsigned f = path_flags(learner, path);
			set_flags(&st->files, file, f);
			*learner_named |= (f & F_LEARNER) != 0;
			free(path);
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
			while (b > q && rule_ident_char((unsigned char)b[-1]))
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
			    (q == p || !rule_ident_char((unsigned char)q[-1])) &&
			    (q + len == end || !rule_ident_char((unsigned char)q[len])))
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
		rule_note(s, RULE_SHFL_SYNC, line, op, oplen);
	if (starts(o, "vote.") || starts(o, "match."))
		rule_note(s, RULE_VOTE_SYNC, line, op, oplen);
	if (strstr(o, ".shared") || names_shared(st, rest, end))
		rule_note(s, RULE_SHARED_MEMORY, line, op, oplen);
	if ((starts(o, "bar.") || starts(o, "barrier.")) && !starts(o, "bar.warp.") &&
	    !starts(o, "barrier.warp."))
		rule_note(s, RULE_SYNCTHREADS, line, op, oplen);
	if (starts(o, "atom.") && strstr(o, ".cas"))
		rule_note(s, RULE_ATOMIC_CAS, line, op, oplen);
	if (starts(o, "membar.") || starts(o, "fence."))
		rule_note(s, RULE_THREADFENCE, line, op, oplen);
	if (starts(o, "cp.async"))
		rule_note(s, RULE_ASYNC_COPY, line, op, oplen);
	if (st->chain & F_COOPERATIVE)
		rule_note_phrase(s, RULE_COOPERATIVE_GROUPS, line, PHRASE_COOPERATIVE);
	if (st->chain & F_GRID_SYNC)
		rule_note_text(s, RULE_GRID_SYNC, line, "grid_group::sync()");
	if (st->chain & F_ASYNC_COPY)
		rule_note_text(s, RULE_ASYNC_COPY, line, "memcpy_async");
	if (st->chain & F_LIBRARY)
		rule_note_phrase(s, RULE_LIBRARIES, line, PHRASE_LIBRARY_CODE);
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

/* True when the glue's code (launched) names the kernel [w, w + n). */
static bool glue_names(const char *launched, const char *w, size_t n)
{
	if (!launched || !n)
		return false;
	char *word = xasprintf("%.*s", (int)n, w);
	bool named = c_first_identifier_line(launched, word) > 0;
	free(word);
	return named;
}

/* A function's header at namespace level (".visible .entry k(", ".func
 * (.param .b32 r) f("): a new function whose body may follow. */
static struct ptx_fn *function_header(const char *q, const char *end, struct ptx_fns *fns)
{
	const char *k = strstr(q, ".entry");
	bool entry = k && k < end;
	if (!entry)
		k = strstr(q, ".func");
	if (!k || k >= end)
		return NULL;
	k = skip_blanks(k + (entry ? 6 : 5), end);
	if (k < end && *k == '(') { /* the return value */
		while (k < end && *k != ')')
			++k;
		k = skip_blanks(k + 1, end);
	}
	const char *b = k;
	while (k < end && rule_ident_char((unsigned char)*k))
		++k;
	if (k == b)
		return NULL;
	fns->v = xrealloc(fns->v, (fns->n + 1) * sizeof *fns->v);
	fns->v[fns->n] = (struct ptx_fn){.name = b, .len = (size_t)(k - b), .entry = entry};
	return &fns->v[fns->n++];
}

/* The functions of the module and where their bodies lie; declarations
 * (no body) are left out: a definition of the same name may follow. */
static void read_functions(const char *ptx, struct ptx_fns *fns)
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
			struct ptx_fn *f = function_header(q, end, fns);
			pending = f ? f : pending;
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
	size_t kept = 0;
	for (size_t i = 0; i < fns->n; ++i)
		if (fns->v[i].body_end > fns->v[i].body_start)
			fns->v[kept++] = fns->v[i];
	fns->n = kept;
}

/* Finds the functions and their bodies; marks the kernels named in launched
 * and everything their bodies name (calls, function pointers), transitively. */
static void find_functions(const char *ptx, const char *launched, struct ptx_fns *fns)
{
	read_functions(ptx, fns);
	size_t *queue = xcalloc(fns->n + 1, sizeof *queue);
	size_t head = 0, tail = 0;
	for (size_t i = 0; i < fns->n; ++i) {
		const char *name;
		size_t nlen;
		source_name(fns->v[i].name, fns->v[i].len, &name, &nlen);
		if (fns->v[i].entry && glue_names(launched, name, nlen)) {
			fns->v[i].reached = true;
			queue[tail++] = i;
		}
	}
	while (head < tail) {
		const struct ptx_fn *f = &fns->v[queue[head++]];
		const char *c = ptx + f->body_start, *stop = ptx + f->body_end;
		while (c < stop) {
			if (!rule_ident_char((unsigned char)*c) ||
			    (c > ptx && (c[-1] == '%' || c[-1] == '$'))) {
				++c;
				continue;
			}
			const char *b = c;
			while (c < stop && rule_ident_char((unsigned char)*c))
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
	struct learner_file learner;
	learner_file_init(&learner, learner_path);
	collect_tables(ptx, &learner, &st, &learner_named);
	learner_file_free(&learner);
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
