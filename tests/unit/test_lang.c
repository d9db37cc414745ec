/*
 * The language of the engine's texts (harness/engine/report/lang.c): lang_set, L(),
 * utf8_copy, and every exercise's case names built in English and in
 * Chinese: the same cases and data in both, names that fit struct jcase
 * whole and stay distinct. (tests/unit/check_lang.py checks the texts
 * themselves, from the source.)
 *
 * Linked with -Wl,--wrap=case_new, so that the names the problems ask for
 * are seen before case_new cuts them to fit.
 */
#include "run/cases.h"
#include "report/lang.h"
#include "rng.h"
#include "problem.h"
#include "unit.h"

static void test_lang_set(void)
{
	CHECK_INT(lang_current, ==, LANG_EN);
	CHECK_STR_EQ(L("one", "一"), "one");
	CHECK_INT(lang_set("zh"), ==, 0);
	CHECK_STR_EQ(L("one", "一"), "一");
	CHECK_INT(lang_set("fr"), ==, -1);
	CHECK_INT(lang_current, ==, LANG_ZH); /* unchanged by a bad name */
	CHECK_INT(lang_set("ZH"), ==, -1);
	CHECK_INT(lang_set(""), ==, -1);
	CHECK_INT(lang_set("en"), ==, 0);
	CHECK_STR_EQ(L("one", "一"), "one");
}

static void test_format(void)
{
	char buf[64];
	lang_set("zh");
	snprintf(buf, sizeof buf, L("thread %d got %g", "线程 %d 得到 %g"), 7, 0.5);
	CHECK_STR_EQ(buf, "线程 7 得到 0.5");
	lang_set("en");
	snprintf(buf, sizeof buf, L("thread %d got %g", "线程 %d 得到 %g"), 7, 0.5);
	CHECK_STR_EQ(buf, "thread 7 got 0.5");
}

static const struct lang_pair pair = LT("the sum", "总和");

static void test_pair(void)
{
	CHECK_STR_EQ(lang_pick(pair), "the sum");
	lang_set("zh");
	CHECK_STR_EQ(lang_pick(pair), "总和");
	lang_set("en");
}

static void test_utf8_copy(void)
{
	char buf[8];
	utf8_copy(buf, sizeof buf, "abc");
	CHECK_STR_EQ(buf, "abc");
	utf8_copy(buf, sizeof buf, "abcdefghij"); /* ASCII: cut anywhere */
	CHECK_STR_EQ(buf, "abcdefg");
	utf8_copy(buf, sizeof buf, "样例样例"); /* 12 bytes: two whole characters fit in 7 */
	CHECK_STR_EQ(buf, "样例");
	utf8_copy(buf, sizeof buf, "a样例样例"); /* 1 + 3 + 3 = 7: exactly full */
	CHECK_STR_EQ(buf, "a样例");
	utf8_copy(buf, sizeof buf, "ab样例样"); /* the second character would need byte 8 */
	CHECK_STR_EQ(buf, "ab样");
	utf8_copy(buf, sizeof buf, "a样例"); /* fits whole (7 bytes) */
	CHECK_STR_EQ(buf, "a样例");
	utf8_copy(buf, sizeof buf, "abcde😀"); /* a 4-byte character dropped whole */
	CHECK_STR_EQ(buf, "abcde");
	char one[1] = {'x'};
	utf8_copy(one, sizeof one, "样");
	CHECK_STR_EQ(one, "");
	utf8_copy(buf, 0, "abc"); /* writes nothing */
}

/* The names passed to case_new for the set being built, whole. */
static char asked[CASES_MAX][256];

struct jcase *__real_case_new(struct case_set *set, const char *name);
struct jcase *__wrap_case_new(struct case_set *set, const char *name);
struct jcase *__wrap_case_new(struct case_set *set, const char *name)
{
	if (set->n < CASES_MAX)
		snprintf(asked[set->n], sizeof asked[set->n], "%s", name);
	return __real_case_new(set, name);
}

/* Every case of problem p in the current language, from seed 7. */
static int build(const struct problem *p, struct case_set *set)
{
	char err[256];
	if (case_set_init(set, (uint64_t)4 << 30, err, sizeof err) != 0) {
		CHECK_MSG(0, "case_set_init: %s", err);
		return -1;
	}
	struct problem_entry e = {0};
	e.id = (char *)p->id;
	e.perf.n = 4096;
	struct case_plan plan = {.timed = true, .emulated = true};
	struct rng rng;
	rng_seed(&rng, 7);
	p->make_cases(set, &rng, &e, &plan);
	return 0;
}

static bool same_inputs(const struct jcase *a, const struct jcase *b)
{
	if (a->nbuf != b->nbuf || memcmp(a->param, b->param, sizeof a->param) != 0 ||
	    a->timed != b->timed)
		return false;
	for (int i = 0; i < a->nbuf; ++i) {
		const struct jbuf *x = &a->buf[i], *y = &b->buf[i];
		if (x->count != y->count || x->elem != y->elem || x->role != y->role)
			return false;
		if (x->role != CJ_OUT && memcmp(x->data, y->data, x->count * CJ_ELEM_SIZE) != 0)
			return false;
		if (x->expect && memcmp(x->expect, y->expect, x->count * CJ_ELEM_SIZE) != 0)
			return false;
	}
	return true;
}

/* Every name of the set just built arrived whole. */
static void check_whole(const struct problem *p, const struct case_set *set, const char *lang)
{
	for (int i = 0; i < set->n; ++i)
		CHECK_MSG(!strcmp(set->cases[i].name, asked[i]),
		          "%s: the %s case name '%s' takes %zu bytes; at most %zu fit in struct "
		          "jcase",
		          p->id, lang, asked[i], strlen(asked[i]), sizeof set->cases[i].name - 1);
}

static void test_case_names(void)
{
	static struct case_set en, zh;
	for (const struct problem *const *pp = all_problems; *pp; ++pp) {
		const struct problem *p = *pp;
		lang_set("en");
		if (build(p, &en) != 0)
			return;
		check_whole(p, &en, "English");
		lang_set("zh");
		if (build(p, &zh) != 0) {
			case_set_free(&en);
			return;
		}
		check_whole(p, &zh, "Chinese");
		lang_set("en");
		CHECK_MSG(en.n == zh.n, "%s: %d cases in English, %d in Chinese", p->id, en.n,
		          zh.n);
		for (int i = 0; i < en.n && i < zh.n; ++i) {
			const char *name = zh.cases[i].name;
			CHECK_MSG(same_inputs(&en.cases[i], &zh.cases[i]),
			          "%s: case %d ('%s') differs between the languages", p->id, i,
			          en.cases[i].name);
			for (int j = 0; j < i; ++j)
				CHECK_MSG(strcmp(name, zh.cases[j].name) != 0,
				          "%s: two cases named '%s' in Chinese", p->id, name);
		}
		case_set_free(&en);
		case_set_free(&zh);
	}
}

static const struct unit_test tests[] = {
        {"lang_set: English by default, zh on request, other names refused", test_lang_set},
        {"L(): printf formats in either language", test_format},
        {"LT() and lang_pick(): pairs in static tables", test_pair},
        {"utf8_copy: cut before a whole character", test_utf8_copy},
        {"every exercise's cases: same data, names whole and distinct", test_case_names},
        {0},
};

UNIT_MAIN(tests)
