/*
 * Grading policy loader; see policy.h and docs/grading.md.
 *
 * libyaml builds the document tree (with line and column marks), then a strict
 * walk fills struct policy: every key is known, every number in range, and
 * every error names file:line:column and what to write instead, so that a typo
 * never grades a class differently without a word.
 */
#include "config/policy.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "config/yaml_doc.h"
#include "report/json.h"
#include "report/lang.h"
#include "report/texts.h"

struct ploader {
	yaml_document_t doc;
	struct policy *policy;
	const char *path;
	const struct catalog *cat;
	char *err;
	size_t errlen;
	jmp_buf fail;
};

/* ---- the walk's primitives ------------------------------------------------ */

/* Stops the walk: "path:line:column: " and the text code says, with its
 * fields, in ld->err. */
_Noreturn static void fail_at(struct ploader *ld, const yaml_node_t *n, enum text_code code,
                              const struct text_field *fields)
{
	int k = snprintf(ld->err, ld->errlen, "%s:%zu:%zu: ", ld->path,
	                 n ? n->start_mark.line + 1 : 1, n ? n->start_mark.column + 1 : 1);
	if (k >= 0 && (size_t)k < ld->errlen)
		say(NULL, ld->err + k, ld->errlen - (size_t)k, code, fields);
	longjmp(ld->fail, 1);
}

static yaml_node_t *node(struct ploader *ld, int id)
{
	return yaml_document_get_node(&ld->doc, id);
}

static const char *scalar(const yaml_node_t *n)
{
	return (const char *)n->data.scalar.value;
}

static const char *shown(const yaml_node_t *n)
{
	if (n->type == YAML_SCALAR_NODE)
		return scalar(n);
	return text_of(n->type == YAML_MAPPING_NODE ? T_policy_a_mapping : T_policy_a_list);
}

static double want_number(struct ploader *ld, const yaml_node_t *n, const char *what, double lo,
                          double hi)
{
	char *end = NULL;
	double v = 0;
	if (n->type == YAML_SCALAR_NODE) {
		errno = 0;
		v = strtod(scalar(n), &end);
	}
	if (n->type != YAML_SCALAR_NODE || end == scalar(n) || *end || errno || !isfinite(v))
		fail_at(ld, n, T_policy_not_a_number,
		        FIELDS(F_STR("what", what), F_STR("found", shown(n))));
	if (v < lo || v > hi)
		fail_at(ld, n, T_policy_out_of_range,
		        FIELDS(F_STR("what", what), F_NUM("lo", lo), F_NUM("hi", hi),
		               F_STR("found", scalar(n))));
	return v;
}

static int64_t want_whole(struct ploader *ld, const yaml_node_t *n, const char *what, double lo,
                          double hi)
{
	double v = want_number(ld, n, what, lo, hi);
	if (v != floor(v))
		fail_at(ld, n, T_policy_not_whole,
		        FIELDS(F_STR("what", what), F_STR("found", scalar(n))));
	return (int64_t)v;
}

static bool want_bool(struct ploader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type == YAML_SCALAR_NODE && !strcmp(scalar(n), "true"))
		return true;
	if (n->type == YAML_SCALAR_NODE && !strcmp(scalar(n), "false"))
		return false;
	fail_at(ld, n, T_policy_not_bool, FIELDS(F_STR("what", what), F_STR("found", shown(n))));
}

static const char *want_text(struct ploader *ld, const yaml_node_t *n, const char *what)
{
	if (n->type != YAML_SCALAR_NODE || !*scalar(n))
		fail_at(ld, n, T_policy_not_text,
		        FIELDS(F_STR("what", what), F_STR("found", shown(n))));
	return scalar(n);
}

/* Which of words[] (NULL-terminated) n is, as its index; another word is the
 * error `refusal`, which names the word found. */
static int want_word(struct ploader *ld, const yaml_node_t *n, const char *what,
                     const char *const words[], enum text_code refusal)
{
	const char *s = want_text(ld, n, what);
	for (int i = 0; words[i]; ++i)
		if (!strcmp(s, words[i]))
			return i;
	fail_at(ld, n, refusal, FIELDS(F_STR("found", s)));
}

/* One of the words of choices[] (NULL-terminated), copied into out. */
static void want_choice(struct ploader *ld, const yaml_node_t *n, const char *what,
                        const char *const choices[], const char *listed, char *out, size_t outlen)
{
	const char *s = n->type == YAML_SCALAR_NODE ? scalar(n) : NULL;
	for (size_t i = 0; s && choices[i]; ++i)
		if (!strcmp(s, choices[i])) {
			snprintf(out, outlen, "%s", s);
			return;
		}
	fail_at(ld, n, T_policy_not_a_choice,
	        FIELDS(F_STR("what", what), F_STR("choices", listed), F_STR("found", shown(n))));
}

/* Fills values[] in the order of keys[] (NULL when absent); an unknown or
 * repeated key is an error that lists the known ones. */
static void want_mapping(struct ploader *ld, const yaml_node_t *n, const char *what,
                         const char *const keys[], const yaml_node_t *values[], size_t nkeys)
{
	if (n->type != YAML_MAPPING_NODE)
		fail_at(ld, n, T_policy_not_a_mapping,
		        FIELDS(F_STR("what", what), F_STR("found", shown(n))));
	for (size_t k = 0; k < nkeys; ++k)
		values[k] = NULL;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top;
	     ++p) {
		yaml_node_t *key = node(ld, p->key);
		size_t k = 0;
		while (key->type == YAML_SCALAR_NODE && k < nkeys && strcmp(keys[k], scalar(key)))
			++k;
		if (key->type != YAML_SCALAR_NODE || k == nkeys) {
			char list[400] = "";
			size_t used = 0;
			for (size_t j = 0; j < nkeys && used < sizeof list; ++j)
				used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
				                         j ? ", " : "", keys[j]);
			fail_at(ld, key, T_policy_unknown_key,
			        FIELDS(F_STR("key", shown(key)), F_STR("what", what),
			               F_STR("keys", list)));
		}
		if (values[k])
			fail_at(ld, key, T_policy_key_twice,
			        FIELDS(F_STR("key", keys[k]), F_STR("what", what)));
		values[k] = node(ld, p->value);
	}
}

/* ---- instants ------------------------------------------------------------- */

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's method). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
	y -= m <= 2;
	int64_t era = (y >= 0 ? y : y - 399) / 400;
	int64_t yoe = y - era * 400;
	int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

static bool digits(const char *s, int n, int *out)
{
	int v = 0;
	for (int i = 0; i < n; ++i) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		v = v * 10 + (s[i] - '0');
	}
	*out = v;
	return true;
}

/* policy_parse_instant, and the UTC offset the text gives in *offset_s (0 for
 * Z or none). */
static int parse_instant(const char *s, int64_t *out, int *offset_s)
{
	int y, mo, d, h = 0, mi = 0, sec = 0;
	if (!digits(s, 4, &y) || s[4] != '-' || !digits(s + 5, 2, &mo) || s[7] != '-' ||
	    !digits(s + 8, 2, &d))
		return -1;
	const char *p = s + 10;
	if (*p == 'T' || *p == 't' || *p == ' ') {
		if (!digits(p + 1, 2, &h) || p[3] != ':' || !digits(p + 4, 2, &mi))
			return -1;
		p += 6;
		if (*p == ':') {
			if (!digits(p + 1, 2, &sec))
				return -1;
			p += 3;
		}
	}
	int offset = 0;
	if (*p == 'Z' || *p == 'z') {
		++p;
	} else if (*p == '+' || *p == '-') {
		int oh, om;
		if (!digits(p + 1, 2, &oh) || p[3] != ':' || !digits(p + 4, 2, &om) || oh > 23 ||
		    om > 59)
			return -1;
		offset = (*p == '-' ? -1 : 1) * (oh * 3600 + om * 60);
		p += 6;
	}
	static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
	if (*p || mo < 1 || mo > 12 || d < 1 || d > mdays[mo - 1] || h > 23 || mi > 59 || sec > 60)
		return -1;
	bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
	if (mo == 2 && d == 29 && !leap)
		return -1;
	*out = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset;
	*offset_s = offset;
	return 0;
}

int policy_parse_instant(const char *s, int64_t *out)
{
	int offset_s;
	return parse_instant(s, out, &offset_s);
}

static void format_instant(int64_t t, char out[64])
{
	int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400);
	int64_t rest = t - days * 86400;
	/* civil_from_days */
	int64_t z = days + 719468;
	int64_t era = (z >= 0 ? z : z - 146096) / 146097;
	int64_t doe = z - era * 146097;
	int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	int64_t y = yoe + era * 400;
	int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	int64_t mp = (5 * doy + 2) / 153;
	int64_t d = doy - (153 * mp + 2) / 5 + 1;
	int64_t m = mp + (mp < 10 ? 3 : -9);
	y += m <= 2;
	/* The parser accepts years 0000 to 9999 only, so every field fits. */
	snprintf(out, 64, "%04u-%02u-%02uT%02u:%02u:%02uZ", (unsigned)(y % 10000),
	         (unsigned)(m % 13), (unsigned)(d % 32), (unsigned)(rest / 3600 % 24),
	         (unsigned)(rest / 60 % 60), (unsigned)(rest % 60));
}

/* The deadline as people wrote it: the same instant in the UTC offset its text gave
 * (parse_instant's), so that it is shown in the course's time. */
static void format_local_instant(int64_t t, int offset_s, char out[64])
{
	format_instant(t + offset_s, out);
	int m = abs(offset_s) / 60;
	if (offset_s)
		snprintf(out + 19, 64 - 19, "%c%02d:%02d", offset_s < 0 ? '-' : '+', m / 60,
		         m % 60);
}

/* ---- the sections ----------------------------------------------------------- */

/* The sections made of numbers only: each key, its range, and where it goes in
 * struct policy (a double, or an int64_t when whole). */
static const struct number_key {
	const char *section, *key;
	double lo, hi;
	size_t at;
	bool whole;
} number_keys[] = {
        {"late", "penalty_per_day", 0, 100, offsetof(struct policy, late_per_day), false},
        {"late", "max_days", 0, 3650, offsetof(struct policy, late_max_days), true},
        {"late", "grace_minutes", 0, 60 * 24 * 365, offsetof(struct policy, grace_minutes), false},
        {"penalties", "RULE", 0, 100, offsetof(struct policy, penalty_rule), false},
        {"penalties", "RACE", 0, 100, offsetof(struct policy, penalty_race), false},
        {"penalties", "speed", 0, 100, offsetof(struct policy, penalty_speed), false},
        {"performance.tiers", "bronze", 0, 1, offsetof(struct policy, tier_bronze), false},
        {"performance.tiers", "silver", 0, 1, offsetof(struct policy, tier_silver), false},
        {"performance.tiers", "gold", 0, 1, offsetof(struct policy, tier_gold), false},
};

/* The section `section` of number_keys: every key optional, each in its range. */
static void load_numbers(struct ploader *ld, const yaml_node_t *n, const char *section,
                         struct policy *p)
{
	const struct number_key *rows[4];
	const char *keys[4];
	size_t k = 0;
	for (size_t i = 0; i < sizeof number_keys / sizeof *number_keys; ++i)
		if (!strcmp(number_keys[i].section, section)) {
			rows[k] = &number_keys[i];
			keys[k++] = number_keys[i].key;
		}
	const yaml_node_t *v[4];
	want_mapping(ld, n, section, keys, v, k);
	for (size_t i = 0; i < k; ++i) {
		if (!v[i])
			continue;
		char what[64];
		snprintf(what, sizeof what, "%s.%s", section, keys[i]);
		char *to = (char *)p + rows[i]->at;
		if (rows[i]->whole)
			*(int64_t *)to = want_whole(ld, v[i], what, rows[i]->lo, rows[i]->hi);
		else
			*(double *)to = want_number(ld, v[i], what, rows[i]->lo, rows[i]->hi);
	}
}

static void load_performance(struct ploader *ld, const yaml_node_t *n, struct policy *p)
{
	static const char *const keys[] = {"method", "runs", "full_at", "none_beyond", "tiers"};
	const yaml_node_t *v[5];
	want_mapping(ld, n, "performance", keys, v, 5);
	static const char *const methods[] = {"ratio", "tier", NULL}; /* enum perf_method */
	if (v[0])
		p->method = (enum perf_method)want_word(ld, v[0], "performance.method", methods,
		                                        T_policy_method);
	if (v[1])
		p->runs = want_whole(ld, v[1], "performance.runs", 1, 20);
	if (v[2])
		p->full_at = want_number(ld, v[2], "performance.full_at", 1, 1000);
	if (v[3])
		p->none_beyond = want_number(ld, v[3], "performance.none_beyond", 1, 1e6);
	if (p->none_beyond <= p->full_at)
		fail_at(ld,
		        v[3]   ? v[3]
		        : v[2] ? v[2]
		               : n,
		        T_policy_none_beyond,
		        FIELDS(F_NUM("none_beyond", p->none_beyond), F_NUM("full_at", p->full_at)));
	if (v[4])
		load_numbers(ld, v[4], "performance.tiers", p);
}

static void load_gradescope(struct ploader *ld, const yaml_node_t *n, struct policy *p)
{
	static const char *const keys[] = {"hidden_visibility", "leaderboard", "stdout_visibility",
	                                   "time_budget_s"};
	static const char *const hidden[] = {"hidden", "after_due_date", "after_published", NULL};
	static const char *const out[] = {"hidden", "visible", "after_due_date", "after_published",
	                                  NULL};
	const yaml_node_t *v[4];
	want_mapping(ld, n, "gradescope", keys, v, 4);
	struct policy_gradescope *g = &p->gradescope;
	if (v[0])
		want_choice(ld, v[0], "gradescope.hidden_visibility", hidden,
		            text_of(T_policy_hidden_choices), g->hidden_visibility,
		            sizeof g->hidden_visibility);
	if (v[1])
		g->leaderboard = want_bool(ld, v[1], "gradescope.leaderboard");
	if (v[2])
		want_choice(ld, v[2], "gradescope.stdout_visibility", out,
		            text_of(T_policy_stdout_choices), g->stdout_visibility,
		            sizeof g->stdout_visibility);
	if (v[3])
		g->time_budget_s = want_number(ld, v[3], "gradescope.time_budget_s", 1, 86400);
}

static void load_similarity(struct ploader *ld, const yaml_node_t *n, struct policy *p)
{
	static const char *const keys[] = {"threshold", "reference_threshold"};
	const yaml_node_t *v[2];
	want_mapping(ld, n, "similarity", keys, v, 2);
	if (v[0])
		p->similarity.threshold = want_number(ld, v[0], "similarity.threshold", 0, 1);
	/* the reference threshold follows the threshold unless it is given */
	p->similarity.reference_threshold =
	        v[1] ? want_number(ld, v[1], "similarity.reference_threshold", 0, 1)
	             : p->similarity.threshold;
}

static void load_cases(struct ploader *ld, const yaml_node_t *n, struct policy_exercise *e,
                       const char *what)
{
	if (n->type != YAML_SEQUENCE_NODE)
		fail_at(ld, n, T_policy_cases_not_a_list,
		        FIELDS(F_STR("what", what), F_STR("found", shown(n))));
	size_t count = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	e->cases = xcalloc(count + 1, sizeof *e->cases);
	for (size_t i = 0; i < count; ++i) {
		const yaml_node_t *item = node(ld, n->data.sequence.items.start[i]);
		static const char *const keys[] = {"case", "weight", "hidden"};
		const yaml_node_t *v[3];
		want_mapping(ld, item, "cases", keys, v, 3);
		if (!v[0])
			fail_at(ld, item, T_policy_case_needs_index, FIELDS(F_STR("what", what)));
		struct policy_case *c = &e->cases[e->ncases];
		c->index = want_whole(ld, v[0], "case", 1, 100000);
		c->weight = v[1] ? want_number(ld, v[1], "weight", 0, 1e6) : 1;
		c->hidden = v[2] ? want_bool(ld, v[2], "hidden") : false;
		for (size_t j = 0; j < e->ncases; ++j)
			if (e->cases[j].index == c->index)
				fail_at(ld, v[0], T_policy_case_twice,
				        FIELDS(F_STR("what", what), F_INT("case", c->index)));
		++e->ncases;
	}
}

static void load_exercise(struct ploader *ld, const yaml_node_t *n, struct policy_exercise *e)
{
	static const char *const keys[] = {"id",          "points", "performance",
	                                   "correctness", "cases",  "canvas"};
	const yaml_node_t *v[6];
	want_mapping(ld, n, "exercises", keys, v, 6);
	e->line = (int)n->start_mark.line + 1;
	if (!v[0])
		fail_at(ld, n, T_policy_exercise_needs_id, NULL);
	const char *id = want_text(ld, v[0], "id");
	if (ld->cat) {
		const struct problem_entry *pe = catalog_find(ld->cat, id);
		if (!pe)
			fail_at(ld, v[0], T_policy_no_such_exercise, FIELDS(F_STR("id", id)));
		id = pe->id;
	}
	e->id = xstrdup(id);
	e->points = v[1] ? want_number(ld, v[1], "points", 0, 1e6) : 10;
	e->performance = v[2] ? want_number(ld, v[2], "performance", 0, 1e6) : 0;
	static const char *const correctness[] = {"all", "per_case",
	                                          NULL}; /* in its enum's order */
	if (v[3])
		e->correctness = (enum policy_correctness)want_word(
		        ld, v[3], "correctness", correctness, T_policy_correctness);
	if (v[4])
		load_cases(ld, v[4], e, e->id);
	if (v[5])
		e->canvas = want_whole(ld, v[5], "canvas", 1, 9.0e15);
}

static void load_exercises(struct ploader *ld, const yaml_node_t *n, struct policy *p)
{
	if (n->type != YAML_SEQUENCE_NODE)
		fail_at(ld, n, T_policy_exercises_not_a_list, FIELDS(F_STR("found", shown(n))));
	size_t count = (size_t)(n->data.sequence.items.top - n->data.sequence.items.start);
	if (!count)
		fail_at(ld, n, T_policy_no_exercises, NULL);
	p->exercises = xcalloc(count, sizeof *p->exercises);
	for (size_t i = 0; i < count; ++i) {
		const yaml_node_t *item = node(ld, n->data.sequence.items.start[i]);
		p->nexercises = i + 1; /* so that a failure frees what was loaded */
		load_exercise(ld, item, &p->exercises[i]);
		for (size_t j = 0; j < i; ++j)
			if (!strcmp(p->exercises[j].id, p->exercises[i].id))
				fail_at(ld, item, T_policy_exercise_twice,
				        FIELDS(F_STR("id", p->exercises[i].id),
				               F_INT("line", p->exercises[j].line)));
	}
}

static void all_catalog_exercises(struct policy *p, const struct catalog *cat)
{
	p->all_exercises = true;
	if (!cat)
		return;
	p->exercises = xcalloc(cat->n + 1, sizeof *p->exercises);
	for (size_t i = 0; i < cat->n; ++i) {
		struct policy_exercise *e = &p->exercises[p->nexercises++];
		e->id = xstrdup(cat->entries[i].id);
		e->points = 10;
	}
}

static void load_root(struct ploader *ld, const yaml_node_t *root, struct policy *p)
{
	static const char *const keys[] = {"course",
	                                   "language",
	                                   "seed",
	                                   "seed_per_student",
	                                   "round",
	                                   "deadline",
	                                   "late",
	                                   "penalties",
	                                   "performance",
	                                   "exercises",
	                                   "gradescope",
	                                   "similarity",
	                                   "allow_without_nvcc"};
	const yaml_node_t *v[13];
	want_mapping(ld, root, text_of(T_policy_the_policy), keys, v, 13);
	if (v[0])
		p->course = xstrdup(want_text(ld, v[0], "course"));
	static const char *const languages[] = {"en", "zh", NULL};
	if (v[1]) {
		int l = want_word(ld, v[1], "language", languages, T_policy_language);
		free(p->language);
		p->language = xstrdup(languages[l]);
	}
	if (v[2]) {
		const char *s = want_text(ld, v[2], "seed");
		char *end;
		errno = 0;
		unsigned long long seed = strtoull(s, &end, 10);
		if (*end || errno || s[0] == '-' || s[0] == '+')
			fail_at(ld, v[2], T_policy_seed, FIELDS(F_STR("found", s)));
		p->seed = seed;
	}
	if (v[3])
		p->seed_per_student = want_bool(ld, v[3], "seed_per_student");
	if (v[4])
		p->round = want_whole(ld, v[4], "round", 0, 6);
	if (v[5]) {
		const char *s = want_text(ld, v[5], "deadline");
		int offset_s;
		if (parse_instant(s, &p->deadline, &offset_s) != 0)
			fail_at(ld, v[5], T_policy_deadline, FIELDS(F_STR("found", s)));
		p->has_deadline = true;
		format_instant(p->deadline, p->deadline_text);
		format_local_instant(p->deadline, offset_s, p->deadline_local);
	}
	if (v[12])
		p->allow_without_nvcc = want_bool(ld, v[12], "allow_without_nvcc");
	if (v[6])
		load_numbers(ld, v[6], "late", p);
	if (v[7])
		load_numbers(ld, v[7], "penalties", p);
	if (v[8])
		load_performance(ld, v[8], p);
	if (v[10])
		load_gradescope(ld, v[10], p);
	if (v[11])
		load_similarity(ld, v[11], p);
	if (v[9])
		load_exercises(ld, v[9], p);
	else
		all_catalog_exercises(p, ld->cat);
}

static void set_defaults(struct policy *p)
{
	memset(p, 0, sizeof *p);
	p->language = xstrdup("en");
	p->seed = 1;
	p->round = 2;
	p->late_max_days = -1;
	p->penalty_rule = 100;
	p->penalty_race = 100;
	p->penalty_speed = 50;
	p->method = PERF_RATIO;
	p->runs = 3;
	p->full_at = 1.2;
	p->none_beyond = 10;
	p->tier_bronze = 0.5;
	p->tier_silver = 0.8;
	p->tier_gold = 1.0;
	snprintf(p->gradescope.hidden_visibility, sizeof p->gradescope.hidden_visibility,
	         "after_due_date");
	snprintf(p->gradescope.stdout_visibility, sizeof p->gradescope.stdout_visibility, "hidden");
	p->gradescope.time_budget_s = 540; /* under Gradescope's default 10 minutes */
	p->similarity.threshold = 0.8;
	p->similarity.reference_threshold = 0.8;
}

/* ---- entry points ------------------------------------------------------------ */

static void parser_error(const struct yaml_doc_failure *f, const char *shown_path, char *err,
                         size_t errlen)
{
	snprintf(err, errlen, "%s:%zu:%zu: %s%s%s", shown_path, f->mark.line + 1,
	         f->mark.column + 1, f->problem ? f->problem : text_of(T_policy_malformed),
	         f->context ? " " : "", f->context ? f->context : "");
}

/* The walk of the policy's document (yaml_doc_walk). */
static void load_policy(void *ctx, yaml_node_t *root)
{
	struct ploader *ld = ctx;
	if (root && !(root->type == YAML_SCALAR_NODE && !*scalar(root)))
		load_root(ld, root, ld->policy);
	else
		all_catalog_exercises(ld->policy, ld->cat); /* an empty file: every default */
}

int policy_parse(const char *text, size_t len, const char *shown_path, const struct catalog *cat,
                 struct policy *p, char *err, size_t errlen)
{
	set_defaults(p);
	struct ploader ld = {
	        .policy = p, .path = shown_path, .cat = cat, .err = err, .errlen = errlen};
	struct yaml_doc_failure f;
	enum yaml_doc_result got = yaml_doc_walk(text, len, &ld.doc, ld.fail, load_policy, &ld, &f);
	if (got == YAML_DOC_MALFORMED)
		parser_error(&f, shown_path, err, errlen);
	else if (got == YAML_DOC_SECOND)
		say(NULL, err, errlen, T_policy_second_document,
		    FIELDS(F_STR("file", shown_path), F_INT("line", f.mark.line + 1),
		           F_INT("column", f.mark.column + 1)));
	if (got != YAML_DOC_OK)
		policy_free(p);
	return got == YAML_DOC_OK ? 0 : -1;
}

int policy_load(const char *path, const char *shown_path, const struct catalog *cat,
                struct policy *p, char *err, size_t errlen)
{
	size_t len;
	char *text = read_file(path, &len);
	if (!text) {
		say(NULL, err, errlen, T_policy_unreadable,
		    FIELDS(F_STR("file", shown_path), F_STR("error", strerror(errno))));
		memset(p, 0, sizeof *p);
		return -1;
	}
	if (strlen(text) != len) {
		say(NULL, err, errlen, T_policy_nul_byte, FIELDS(F_STR("file", shown_path)));
		free(text);
		memset(p, 0, sizeof *p);
		return -1;
	}
	int rc = policy_parse(text, len, shown_path, cat, p, err, errlen);
	free(text);
	return rc;
}

void policy_free(struct policy *p)
{
	free(p->course);
	free(p->language);
	for (size_t i = 0; i < p->nexercises; ++i) {
		free(p->exercises[i].id);
		free(p->exercises[i].cases);
	}
	free(p->exercises);
	memset(p, 0, sizeof *p);
}

void policy_json(struct strbuf *b, const struct policy *p)
{
	sb_puts(b, "{\"schema\":\"cudajudge-policy/1\"");
	sb_puts(b, ",\"course\":");
	if (p->course)
		json_str(b, p->course);
	else
		sb_puts(b, "null");
	json_kv_str(b, "language", p->language);
	sb_printf(b, ",\"seed\":%llu,\"seed_per_student\":%s,\"round\":%lld",
	          (unsigned long long)p->seed, p->seed_per_student ? "true" : "false",
	          (long long)p->round);
	if (p->has_deadline)
		sb_printf(b,
		          ",\"deadline\":\"%s\",\"deadline_epoch\":%lld,\"deadline_local\":\"%s\"",
		          p->deadline_text, (long long)p->deadline, p->deadline_local);
	else
		sb_puts(b, ",\"deadline\":null,\"deadline_epoch\":null,\"deadline_local\":null");
	sb_printf(b, ",\"allow_without_nvcc\":%s", p->allow_without_nvcc ? "true" : "false");
	sb_puts(b, ",\"late\":{\"penalty_per_day\":");
	json_num(b, p->late_per_day);
	if (p->late_max_days >= 0)
		sb_printf(b, ",\"max_days\":%lld", (long long)p->late_max_days);
	else
		sb_puts(b, ",\"max_days\":null");
	json_kv_num(b, "grace_minutes", p->grace_minutes);
	sb_puts(b, "},\"penalties\":{\"RULE\":");
	json_num(b, p->penalty_rule);
	json_kv_num(b, "RACE", p->penalty_race);
	json_kv_num(b, "speed", p->penalty_speed);
	sb_printf(b, "},\"performance\":{\"method\":\"%s\",\"runs\":%lld",
	          p->method == PERF_TIER ? "tier" : "ratio", (long long)p->runs);
	json_kv_num(b, "full_at", p->full_at);
	json_kv_num(b, "none_beyond", p->none_beyond);
	sb_puts(b, ",\"tiers\":{\"bronze\":");
	json_num(b, p->tier_bronze);
	json_kv_num(b, "silver", p->tier_silver);
	json_kv_num(b, "gold", p->tier_gold);
	sb_puts(b, "}},\"gradescope\":{\"hidden_visibility\":");
	json_str(b, p->gradescope.hidden_visibility);
	sb_printf(b, ",\"leaderboard\":%s", p->gradescope.leaderboard ? "true" : "false");
	json_kv_str(b, "stdout_visibility", p->gradescope.stdout_visibility);
	json_kv_num(b, "time_budget_s", p->gradescope.time_budget_s);
	sb_puts(b, "},\"similarity\":{\"threshold\":");
	json_num(b, p->similarity.threshold);
	json_kv_num(b, "reference_threshold", p->similarity.reference_threshold);
	sb_printf(b, "},\"all_exercises\":%s,\"exercises\":[", p->all_exercises ? "true" : "false");
	for (size_t i = 0; i < p->nexercises; ++i) {
		const struct policy_exercise *e = &p->exercises[i];
		sb_puts(b, i ? ",{\"id\":" : "{\"id\":");
		json_str(b, e->id);
		json_kv_num(b, "points", e->points);
		json_kv_num(b, "performance", e->performance);
		json_kv_str(b, "correctness",
		            e->correctness == CORRECTNESS_PER_CASE ? "per_case" : "all");
		if (e->canvas)
			sb_printf(b, ",\"canvas\":%lld", (long long)e->canvas);
		else
			sb_puts(b, ",\"canvas\":null");
		sb_puts(b, ",\"cases\":[");
		for (size_t c = 0; c < e->ncases; ++c) {
			sb_printf(b, "%s{\"case\":%lld,\"weight\":", c ? "," : "",
			          (long long)e->cases[c].index);
			json_num(b, e->cases[c].weight);
			sb_printf(b, ",\"hidden\":%s}", e->cases[c].hidden ? "true" : "false");
		}
		sb_printf(b, "],\"line\":%d}", e->line);
	}
	sb_puts(b, "]}");
}

int policy_main(int argc, char **argv)
{
	const char *file = NULL, *root = NULL;
	for (int i = 0; i < argc; ++i) {
		if (!strcmp(argv[i], "--root") && i + 1 < argc) {
			root = argv[++i];
		} else if (!strcmp(argv[i], "--lang") && i + 1 < argc) {
			if (lang_set(argv[++i]) != 0)
				die("--lang takes en or zh, not '%s'", argv[i]);
		} else if (!file && argv[i][0] != '-') {
			file = argv[i];
		} else {
			die("usage: cudajudge policy FILE [--root DIR] [--lang en|zh]");
		}
	}
	if (!file)
		die("usage: cudajudge policy FILE [--root DIR] [--lang en|zh]");
	char err[1024];
	struct catalog cat;
	bool have_cat = false;
	if (root) {
		char *path = xasprintf("%s/problems.yaml", root);
		int rc = catalog_load(path, "problems.yaml", &cat, err, sizeof err);
		free(path);
		if (rc != 0) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
		have_cat = true;
	}
	struct policy p;
	int rc = policy_load(file, file, have_cat ? &cat : NULL, &p, err, sizeof err);
	if (have_cat)
		catalog_free(&cat);
	if (rc != 0) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	struct strbuf b = {0};
	policy_json(&b, &p);
	char *s = sb_take(&b);
	puts(s);
	free(s);
	policy_free(&p);
	return 0;
}
