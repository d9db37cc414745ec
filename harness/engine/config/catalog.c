/*
 * problems.yaml loader; see catalog.h.
 *
 * libyaml builds the document tree (with line and column marks), then a strict
 * schema walk fills struct problem_entry. Every error names file:line:column
 * and says what was expected, so a typo in the catalog is a one-line fix.
 */
#include "config/catalog.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "config/yaml_doc.h"
#include "rules.h"
#include "util.h"

struct loader {
	yaml_document_t doc;
	struct catalog *cat;
	const char *path;
	char *err;
	size_t errlen;
	jmp_buf fail;
};

__attribute__((format(printf, 3, 4))) _Noreturn static void
fail_at(struct loader *ld, const yaml_node_t *n, const char *fmt, ...)
{
	int k = snprintf(ld->err, ld->errlen, "%s:%zu:%zu: ", ld->path,
	                 n ? n->start_mark.line + 1 : 1, n ? n->start_mark.column + 1 : 1);
	if (k >= 0 && (size_t)k < ld->errlen) { /* else the cut prefix is all that fits */
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(ld->err + k, ld->errlen - (size_t)k, fmt, ap);
		va_end(ap);
	}
	longjmp(ld->fail, 1);
}

static const char *kind_name(const yaml_node_t *n)
{
	switch (n->type) {
	case YAML_SCALAR_NODE:
		return "a scalar";
	case YAML_SEQUENCE_NODE:
		return "a list";
	case YAML_MAPPING_NODE:
		return "a mapping";
	default:
		return "nothing";
	}
}

static yaml_node_t *node(struct loader *ld, int id)
{
	return yaml_document_get_node(&ld->doc, id);
}

static const char *scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

static void check_string(struct loader *ld, const yaml_node_t *n, const char *what);

static char *want_string(struct loader *ld, const yaml_node_t *n, const char *what)
{
	check_string(ld, n, what);
	return xstrdup(scalar(n));
}

static double want_number(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE)
		fail_at(ld, n, "%s must be a number, found %s", what, kind_name(n));
	char *end;
	errno = 0;
	double v = strtod(scalar(n), &end);
	if (end == scalar(n) || *end || errno || !isfinite(v))
		fail_at(ld, n, "%s must be a number, found '%s'", what, scalar(n));
	if (v < 0)
		fail_at(ld, n, "%s must not be negative, found %s", what, scalar(n));
	return v;
}

static bool want_bool(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type == YAML_SCALAR_NODE && !strcmp(scalar(n), "true"))
		return true;
	if (n->type == YAML_SCALAR_NODE && !strcmp(scalar(n), "false"))
		return false;
	fail_at(ld, n, "%s must be true or false, found %s", what,
	        n->type == YAML_SCALAR_NODE ? scalar(n) : kind_name(n));
}

static int64_t want_count(struct loader *ld, const yaml_node_t *n, const char *what)
{
	double v = want_number(ld, n, what);
	if (v != floor(v) || v > 9.0e15)
		fail_at(ld, n, "%s must be a whole number, found '%s'", what, scalar(n));
	return (int64_t)v;
}

/* Fails (without allocating) unless n is a non-empty string. */
static void check_string(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE)
		fail_at(ld, n, "%s must be a string, found %s", what, kind_name(n));
	if (!*scalar(n))
		fail_at(ld, n, "%s must not be empty", what);
}

/* Every item is checked before anything is allocated, so a failure (which
 * longjmps) leaks nothing. */
static struct string_list want_strings(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SEQUENCE_NODE)
		fail_at(ld, n, "%s must be a list of strings, found %s", what, kind_name(n));
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     ++it)
		check_string(ld, node(ld, *it), what);
	struct string_list l = {0};
	size_t count = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	l.items = xcalloc(count + 1, sizeof *l.items);
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     ++it)
		l.items[l.n++] = xstrdup(scalar(node(ld, *it)));
	return l;
}

/* Walks a mapping, checking each key against `keys`; returns the value nodes
 * in the same order as `keys` (NULL when absent). */
static void want_mapping(struct loader *ld, const yaml_node_t *n, const char *what,
                         const char *const keys[], const yaml_node_t *values[], size_t nkeys)
{
	if (n->type != YAML_MAPPING_NODE)
		fail_at(ld, n, "%s must be a mapping, found %s", what, kind_name(n));
	for (size_t k = 0; k < nkeys; ++k)
		values[k] = NULL;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
	     ++p) {
		yaml_node_t *key = node(ld, p->key);
		if (key->type != YAML_SCALAR_NODE)
			fail_at(ld, key, "keys of %s must be plain words", what);
		size_t k = 0;
		while (k < nkeys && strcmp(keys[k], scalar(key)) != 0)
			++k;
		if (k == nkeys) {
			struct strbuf b = {0};
			for (size_t j = 0; j < nkeys; ++j)
				sb_printf(&b, "%s%s", j ? ", " : "", keys[j]);
			char *list = sb_take(&b);
			char tmp[512];
			snprintf(tmp, sizeof tmp, "%s", list);
			free(list);
			fail_at(ld, key, "unknown key '%s' in %s (expected one of: %s)",
			        scalar(key), what, tmp);
		}
		if (values[k])
			fail_at(ld, key, "key '%s' appears twice in %s", keys[k], what);
		values[k] = node(ld, p->value);
	}
}

static void require(struct loader *ld, const yaml_node_t *map, const yaml_node_t *v,
                    const char *key, const char *what)
{
	if (!v)
		fail_at(ld, map, "%s is missing the required key '%s'", what, key);
}

/* A mapping of the two keys a and b, both required: their values in v. */
static void want_both(struct loader *ld, const yaml_node_t *n, const char *what, const char *a,
                      const char *b, const yaml_node_t *v[2])
{
	const char *const keys[] = {a, b};
	want_mapping(ld, n, what, keys, v, 2);
	require(ld, n, v[0], a, what);
	require(ld, n, v[1], b, what);
}

static struct text_pair want_text_pair(struct loader *ld, const yaml_node_t *n, const char *what)
{
	const yaml_node_t *v[2];
	want_both(ld, n, what, "en", "zh", v);
	check_string(ld, v[0], what);
	check_string(ld, v[1], what);
	struct text_pair t = {xstrdup(scalar(v[0])), xstrdup(scalar(v[1]))};
	return t;
}

static bool valid_id(const char *s)
{
	if (!*s)
		return false;
	for (; *s; ++s)
		if (!(islower((unsigned char)*s) || isdigit((unsigned char)*s) || *s == '_'))
			return false;
	return true;
}

static void load_check(struct loader *ld, const yaml_node_t *n, struct check_spec *c)
{
	if (n->type == YAML_SCALAR_NODE) {
		if (strcmp(scalar(n), "exact") != 0)
			fail_at(ld, n,
			        "check must be 'exact' or {rtol: ..., atol: ...}, found '%s'",
			        scalar(n));
		c->exact = true;
		return;
	}
	const yaml_node_t *v[2];
	want_both(ld, n, "check", "rtol", "atol", v);
	c->exact = false;
	c->rtol = want_number(ld, v[0], "check.rtol");
	c->atol = want_number(ld, v[1], "check.atol");
}

static void load_limits(struct loader *ld, const yaml_node_t *n, struct limits *l)
{
	static const char *const keys[] = {"wall_s", "cpu_s", "memory_mb", "output_kb"};
	const yaml_node_t *v[4];
	want_mapping(ld, n, "limits", keys, v, 4);
	if (v[0])
		l->wall_s = want_number(ld, v[0], "limits.wall_s");
	if (v[1])
		l->cpu_s = want_number(ld, v[1], "limits.cpu_s");
	if (v[2])
		l->memory_mb = (uint64_t)want_count(ld, v[2], "limits.memory_mb");
	if (v[3])
		l->output_kb = (uint64_t)want_count(ld, v[3], "limits.output_kb");
	if (v[0] && (l->wall_s < 0.5 || l->wall_s > 600))
		fail_at(ld, v[0], "limits.wall_s must be between 0.5 and 600 seconds");
}

/* perf.ceiling: {pct_of_copy, en, zh}. */
static void load_ceiling(struct loader *ld, const yaml_node_t *n, struct perf_spec *p)
{
	static const char *const keys[] = {"pct_of_copy", "en", "zh"};
	const yaml_node_t *v[3];
	want_mapping(ld, n, "perf.ceiling", keys, v, 3);
	for (int i = 0; i < 3; ++i)
		require(ld, n, v[i], keys[i], "perf.ceiling");
	p->ceiling_pct = want_number(ld, v[0], "perf.ceiling.pct_of_copy");
	if (p->ceiling_pct < 1 || p->ceiling_pct > 100)
		fail_at(ld, v[0], "perf.ceiling.pct_of_copy must be between 1 and 100");
	check_string(ld, v[1], "perf.ceiling.en");
	check_string(ld, v[2], "perf.ceiling.zh");
	p->ceiling_why.en = xstrdup(scalar(v[1]));
	p->ceiling_why.zh = xstrdup(scalar(v[2]));
}

static void load_perf(struct loader *ld, const yaml_node_t *n, struct perf_spec *p)
{
	static const char *const keys[] = {"n", "bytes_per_elem", "reps", "bandwidth", "ceiling"};
	const yaml_node_t *v[5];
	want_mapping(ld, n, "perf", keys, v, 5);
	require(ld, n, v[0], "n", "perf");
	require(ld, n, v[1], "bytes_per_elem", "perf");
	p->n = want_count(ld, v[0], "perf.n");
	p->bytes_per_elem = want_number(ld, v[1], "perf.bytes_per_elem");
	if (v[2]) {
		int64_t reps = want_count(ld, v[2], "perf.reps");
		if (reps < 1 || reps > 1000)
			fail_at(ld, v[2], "perf.reps must be between 1 and 1000");
		p->reps = (uint32_t)reps;
	}
	if (p->n < 1 || p->n > (int64_t)1 << 31)
		fail_at(ld, v[0], "perf.n must be between 1 and 2^31");
	p->bandwidth = v[3] ? want_bool(ld, v[3], "perf.bandwidth") : true;
	if (v[4] && !p->bandwidth)
		fail_at(ld, v[4],
		        "perf.ceiling goes with a time about bandwidth: remove it or "
		        "perf.bandwidth: false");
	if (v[4])
		load_ceiling(ld, v[4], p);
}

static unsigned load_backends(struct loader *ld, const yaml_node_t *n)
{
	if (n->type != YAML_SEQUENCE_NODE)
		fail_at(ld, n, "backends must be a list of strings, found %s", kind_name(n));
	unsigned bits = 0;
	for (yaml_node_item_t *it = n->data.sequence.items.start; it < n->data.sequence.items.top;
	     ++it) {
		const yaml_node_t *item = node(ld, *it);
		check_string(ld, item, "backends");
		const char *name = scalar(item);
		unsigned b = !strcmp(name, "gpu")        ? BACKEND_GPU
		             : !strcmp(name, "emu")      ? BACKEND_EMU
		             : !strcmp(name, "sanitize") ? BACKEND_SANITIZE
		                                         : 0;
		if (!b)
			fail_at(ld, item, "unknown backend '%s' (expected gpu, emu or sanitize)",
			        name);
		bits |= b;
	}
	if (!bits)
		fail_at(ld, n, "backends must name at least one of gpu, emu, sanitize");
	return bits;
}

const char *profile_cost_name(enum profile_cost cost)
{
	static const char *const names[COST_COUNT] = {[COST_BANK_CONFLICTS] = "bank_conflicts",
	                                              [COST_COALESCING] = "coalescing",
	                                              [COST_DIVERGENCE] = "divergence",
	                                              [COST_ATOMICS] = "atomics",
	                                              [COST_BARRIERS] = "barriers",
	                                              [COST_OCCUPANCY] = "occupancy"};
	return (unsigned)cost < COST_COUNT ? names[cost] : NULL;
}

/* profile: {case: NAME, <cost>: {en, zh}, ...}: at least one cost. */
static void load_profile(struct loader *ld, const yaml_node_t *n, struct profile_table *t)
{
	const char *keys[COST_COUNT + 1];
	for (int c = 0; c < COST_COUNT; ++c)
		keys[c] = profile_cost_name((enum profile_cost)c);
	keys[COST_COUNT] = "case";
	const yaml_node_t *v[COST_COUNT + 1];
	want_mapping(ld, n, "profile", keys, v, COST_COUNT + 1);
	bool any = false;
	for (int c = 0; c < COST_COUNT; ++c)
		any |= v[c] != NULL;
	if (!any)
		fail_at(ld, n, "profile names none of the costs %s, %s, %s, %s, %s, %s", keys[0],
		        keys[1], keys[2], keys[3], keys[4], keys[5]);
	if (v[COST_COUNT])
		t->case_name = want_string(ld, v[COST_COUNT], "profile.case");
	for (int c = 0; c < COST_COUNT; ++c)
		if (v[c]) {
			char what[48];
			snprintf(what, sizeof what, "profile.%s", keys[c]);
			t->advice[c] = want_text_pair(ld, v[c], what);
		}
}

static void load_hints(struct loader *ld, const yaml_node_t *n, struct problem_entry *e)
{
	const yaml_node_t *v[2];
	want_both(ld, n, "hints", "en", "zh", v);
	e->hints_en = want_strings(ld, v[0], "hints.en");
	e->hints_zh = want_strings(ld, v[1], "hints.zh");
	if (e->hints_en.n < 2)
		fail_at(ld, v[0], "hints.en needs at least two hints, found %zu", e->hints_en.n);
	if (e->hints_zh.n != e->hints_en.n)
		fail_at(ld, v[1], "hints.zh has %zu hints but hints.en has %zu: keep them paired",
		        e->hints_zh.n, e->hints_en.n);
}

/* A list of rule names from the RULE checker's vocabulary (rules.h), empty
 * when absent (n NULL); checked before want_strings allocates, so a failure
 * leaks nothing. */
static struct string_list want_rules(struct loader *ld, const yaml_node_t *n, const char *what)
{
	if (!n)
		return (struct string_list){0};
	if (n->type == YAML_SEQUENCE_NODE)
		for (yaml_node_item_t *it = n->data.sequence.items.start;
		     it < n->data.sequence.items.top; ++it) {
			const yaml_node_t *item = node(ld, *it);
			check_string(ld, item, what);
			if (rule_parse(scalar(item)) < 0)
				fail_at(ld, item, "unknown rule '%s' in %s (expected one of: %s)",
				        scalar(item), what, rule_vocabulary());
		}
	return want_strings(ld, n, what);
}

static void load_rules(struct loader *ld, const yaml_node_t *n, struct problem_entry *e)
{
	static const char *const keys[] = {"require", "forbid"};
	const yaml_node_t *v[2];
	want_mapping(ld, n, "rules", keys, v, 2);
	e->require = want_rules(ld, v[0], "rules.require");
	e->forbid = want_rules(ld, v[1], "rules.forbid");
}

static void load_skip(struct loader *ld, const yaml_node_t *n, struct problem_entry *e)
{
	static const char *const keys[] = {"emu", "emu_zh", "sanitize", "sanitize_zh"};
	char **reasons[] = {&e->emu_skip_reason, &e->emu_skip_reason_zh, &e->sanitize_skip_reason,
	                    &e->sanitize_skip_reason_zh};
	const yaml_node_t *v[4];
	want_mapping(ld, n, "skip", keys, v, 4);
	for (size_t i = 0; i < 4; ++i)
		if (v[i]) {
			char what[32];
			snprintf(what, sizeof what, "skip.%s", keys[i]);
			*reasons[i] = want_string(ld, v[i], what);
		}
}

enum entry_key {
	K_ID,
	K_ALIASES,
	K_CHAPTER,
	K_TITLE,
	K_STATEMENT,
	K_SIGNATURE,
	K_LAUNCH,
	K_HINTS,
	K_RULES,
	K_CHECK,
	K_LIMITS,
	K_PERF,
	K_BACKENDS,
	K_SKIP,
	K_CORESIDENT,
	K_RACE_ADVICE,
	K_PROFILE,
	K_COUNT
};

static void load_entry(struct loader *ld, const yaml_node_t *n, struct problem_entry *e)
{
	static const char *const keys[K_COUNT] = {
	        [K_ID] = "id",
	        [K_ALIASES] = "aliases",
	        [K_CHAPTER] = "chapter",
	        [K_TITLE] = "title",
	        [K_STATEMENT] = "statement",
	        [K_SIGNATURE] = "signature",
	        [K_LAUNCH] = "launch",
	        [K_HINTS] = "hints",
	        [K_RULES] = "rules",
	        [K_CHECK] = "check",
	        [K_LIMITS] = "limits",
	        [K_PERF] = "perf",
	        [K_BACKENDS] = "backends",
	        [K_SKIP] = "skip",
	        [K_CORESIDENT] = "coresident",
	        [K_RACE_ADVICE] = "race_advice",
	        [K_PROFILE] = "profile",
	};
	const yaml_node_t *v[K_COUNT];
	want_mapping(ld, n, "an exercise", keys, v, K_COUNT);
	static const enum entry_key required[] = {K_ID,        K_CHAPTER, K_TITLE, K_STATEMENT,
	                                          K_SIGNATURE, K_LAUNCH,  K_HINTS, K_CHECK,
	                                          K_PERF,      K_BACKENDS};
	require(ld, n, v[K_ID], "id", "an exercise");
	e->id = want_string(ld, v[K_ID], "id");
	if (!valid_id(e->id))
		fail_at(ld, v[K_ID], "id '%s' may hold only a-z, 0-9 and _", e->id);
	char what[96];
	snprintf(what, sizeof what, "exercise '%s'", e->id);
	for (size_t i = 0; i < sizeof required / sizeof *required; ++i)
		require(ld, n, v[required[i]], keys[required[i]], what);

	e->line = (int)n->start_mark.line + 1;
	if (v[K_ALIASES]) {
		e->aliases = want_strings(ld, v[K_ALIASES], "aliases");
		for (size_t i = 0; i < e->aliases.n; ++i)
			if (strpbrk(e->aliases.items[i], " \t/"))
				fail_at(ld, v[K_ALIASES], "alias '%s' must be one word",
				        e->aliases.items[i]);
	}
	e->chapter = want_string(ld, v[K_CHAPTER], "chapter");
	e->title = want_text_pair(ld, v[K_TITLE], "title");
	e->statement = want_text_pair(ld, v[K_STATEMENT], "statement");
	e->signature = want_string(ld, v[K_SIGNATURE], "signature");
	e->launch = want_text_pair(ld, v[K_LAUNCH], "launch");
	load_hints(ld, v[K_HINTS], e);
	if (v[K_RACE_ADVICE])
		e->race_advice = want_text_pair(ld, v[K_RACE_ADVICE], "race_advice");
	if (v[K_RULES])
		load_rules(ld, v[K_RULES], e);
	load_check(ld, v[K_CHECK], &e->check);
	e->limits = (struct limits){.wall_s = 10, .cpu_s = 0, .memory_mb = 0, .output_kb = 64};
	if (v[K_LIMITS])
		load_limits(ld, v[K_LIMITS], &e->limits);
	if (e->limits.cpu_s == 0)
		e->limits.cpu_s = e->limits.wall_s * 2;
	e->perf.reps = 20;
	load_perf(ld, v[K_PERF], &e->perf);
	e->backends = load_backends(ld, v[K_BACKENDS]);
	if (v[K_SKIP])
		load_skip(ld, v[K_SKIP], e);
	if (v[K_CORESIDENT])
		e->coresident = want_bool(ld, v[K_CORESIDENT], "coresident");
	if (v[K_PROFILE])
		load_profile(ld, v[K_PROFILE], &e->profile);
}

static void free_list(struct string_list *l)
{
	for (size_t i = 0; i < l->n; ++i)
		free(l->items[i]);
	free(l->items);
}

static void free_entry(struct problem_entry *e)
{
	free(e->id);
	free_list(&e->aliases);
	free(e->chapter);
	free(e->title.en);
	free(e->title.zh);
	free(e->statement.en);
	free(e->statement.zh);
	free(e->race_advice.en);
	free(e->race_advice.zh);
	free(e->signature);
	free(e->launch.en);
	free(e->launch.zh);
	free_list(&e->hints_en);
	free_list(&e->hints_zh);
	free_list(&e->require);
	free_list(&e->forbid);
	free(e->emu_skip_reason);
	free(e->emu_skip_reason_zh);
	free(e->sanitize_skip_reason);
	free(e->sanitize_skip_reason_zh);
	free(e->perf.ceiling_why.en);
	free(e->perf.ceiling_why.zh);
	free(e->profile.case_name);
	for (int c = 0; c < COST_COUNT; ++c) {
		free(e->profile.advice[c].en);
		free(e->profile.advice[c].zh);
	}
}

void catalog_free(struct catalog *cat)
{
	for (size_t i = 0; i < cat->n; ++i)
		free_entry(&cat->entries[i]);
	free(cat->entries);
	free(cat->path);
	memset(cat, 0, sizeof *cat);
}

static bool entry_named(const struct problem_entry *e, const char *name)
{
	if (!strcmp(e->id, name))
		return true;
	for (size_t a = 0; a < e->aliases.n; ++a)
		if (!strcmp(e->aliases.items[a], name))
			return true;
	return false;
}

const struct problem_entry *catalog_find(const struct catalog *cat, const char *name)
{
	for (size_t i = 0; i < cat->n; ++i)
		if (entry_named(&cat->entries[i], name))
			return &cat->entries[i];
	return NULL;
}

/* Ids and aliases share one namespace. */
static void check_unique_names(struct loader *ld, const yaml_node_t *root, struct catalog *cat)
{
	for (size_t i = 0; i < cat->n; ++i) {
		const struct problem_entry *e = &cat->entries[i];
		const yaml_node_t *at = node(ld, root->data.sequence.items.start[i]);
		for (size_t j = 0; j < i; ++j) {
			const struct problem_entry *o = &cat->entries[j];
			if (entry_named(o, e->id))
				fail_at(ld, at,
				        "id '%s' is already used by exercise '%s' (line %d)", e->id,
				        o->id, o->line);
			for (size_t a = 0; a < e->aliases.n; ++a)
				if (entry_named(o, e->aliases.items[a]))
					fail_at(ld, at,
					        "alias '%s' is already used by exercise '%s' (line "
					        "%d)",
					        e->aliases.items[a], o->id, o->line);
		}
	}
}

/* libyaml's own message. Reader errors (bad UTF-8, control characters) carry
 * a byte offset instead of a line and column: count them from the text. */
static void parser_error(const struct yaml_doc_failure *f, const char *text, size_t len,
                         const char *shown_path, char *err, size_t errlen)
{
	size_t line = f->mark.line + 1, col = f->mark.column + 1;
	if (f->error == YAML_READER_ERROR) {
		size_t at = f->offset;
		/* A bad trailing octet is reported at itself: point at its sequence. */
		if (f->problem && strstr(f->problem, "trailing"))
			for (size_t back = 1; back <= 3 && back <= at && at <= len; ++back)
				if ((unsigned char)text[at - back] >= 0xc0) {
					at -= back;
					break;
				}
		line = col = 1;
		for (size_t i = 0; i < at && i < len; ++i) {
			if (text[i] == '\n') {
				++line;
				col = 1;
			} else if (((unsigned char)text[i] & 0xc0) != 0x80) {
				++col; /* count characters, not UTF-8 continuation bytes */
			}
		}
	}
	snprintf(err, errlen, "%s:%zu:%zu: %s%s%s", shown_path, line, col,
	         f->problem ? f->problem : "malformed YAML", f->context ? " " : "",
	         f->context ? f->context : "");
}

/* The walk of the catalog's document (yaml_doc_walk). */
static void load_catalog(void *ctx, yaml_node_t *root)
{
	struct loader *ld = ctx;
	struct catalog *cat = ld->cat;
	if (!root)
		fail_at(ld, NULL, "the catalog is empty: expected a list of exercises");
	if (root->type != YAML_SEQUENCE_NODE)
		fail_at(ld, root, "the catalog must be a list of exercises, found %s",
		        kind_name(root));
	size_t count = (size_t)(root->data.sequence.items.top - root->data.sequence.items.start);
	if (count == 0)
		fail_at(ld, root, "the catalog lists no exercises");
	cat->entries = xcalloc(count, sizeof *cat->entries);
	for (size_t i = 0; i < count; ++i) {
		cat->n = i + 1; /* so a failure frees what was loaded */
		load_entry(ld, node(ld, root->data.sequence.items.start[i]), &cat->entries[i]);
	}
	check_unique_names(ld, root, cat);
	cat->path = xstrdup(ld->path);
}

int catalog_parse(const char *text, size_t len, const char *shown_path, struct catalog *cat,
                  char *err, size_t errlen)
{
	memset(cat, 0, sizeof *cat);
	struct loader ld = {.cat = cat, .path = shown_path, .err = err, .errlen = errlen};
	/* One document only: text after a '---' must not be silently ignored. */
	struct yaml_doc_failure f;
	enum yaml_doc_result got =
	        yaml_doc_walk(text, len, &ld.doc, ld.fail, load_catalog, &ld, &f);
	if (got == YAML_DOC_MALFORMED)
		parser_error(&f, text, len, shown_path, err, errlen);
	else if (got == YAML_DOC_SECOND)
		snprintf(err, errlen,
		         "%s:%zu:%zu: a second YAML document: the catalog is one list of exercises "
		         "(remove the '---')",
		         shown_path, f.mark.line + 1, f.mark.column + 1);
	else if (got == YAML_DOC_REFUSED)
		catalog_free(cat);
	return got == YAML_DOC_OK ? 0 : -1;
}

int catalog_load(const char *path, const char *shown_path, struct catalog *cat, char *err,
                 size_t errlen)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		snprintf(err, errlen, "%s: cannot read the catalog: %s", shown_path,
		         strerror(errno));
		memset(cat, 0, sizeof *cat);
		return -1;
	}
	if (strlen(text) != len) {
		snprintf(err, errlen, "%s:1:1: the catalog contains a NUL byte: is it a text file?",
		         shown_path);
		free(text);
		memset(cat, 0, sizeof *cat);
		return -1;
	}
	int rc = catalog_parse(text, len, shown_path, cat, err, errlen);
	free(text);
	return rc;
}
