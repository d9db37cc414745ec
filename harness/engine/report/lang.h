/*
 * The language of everything the engine tells the learner: English (the
 * default) or Chinese, chosen once per run by `cudajudge judge --lang en|zh`
 * (judge.py passes the language it speaks itself).
 *
 * How to write a learner-visible text (case names, diagnoses, check_extra
 * explanations, run-failure details):
 *
 *     add_case(set, rng, L("partial warp, block 96", "不满一个 warp，block 96"), ...);
 *     return L("every lane returned its own input",
 *              "每个 lane 都返回了自己的输入");
 *     snprintf(why, whylen, L("thread %lld got back %g", "线程 %lld 拿回了 %g"), t, v);
 *
 * - Both arguments are string literals, written in place (adjacent literals
 *   are fine): L() refuses anything else, and tests/unit/check_lang.py reads
 *   every L(...) in harness/ from the source.
 * - The Chinese is not empty and not a copy of the English. CUDA terms stay
 *   as they are (warp, lane, block, shuffle, __syncthreads()), as in
 *   cudajudge_cli/messages.py and the zh statements of problems.yaml.
 * - As a printf format, both take the same conversions in the same order:
 *   the compiler checks each branch against the arguments (-Wformat), and
 *   check_lang.py checks that the two agree.
 * - Not translated: JSON keys, verdict codes, buffer names, identifiers.
 * - Case names fit in 47 bytes (struct jcase) in either language; a Chinese
 *   character takes 3. tests/unit/test_lang.c builds every exercise's cases
 *   in both languages and fails on a name that would be cut (case_new cuts
 *   it at a character boundary, with utf8_copy, rather than fail the run).
 */
#ifndef HARNESS_ENGINE_REPORT_LANG_H
#define HARNESS_ENGINE_REPORT_LANG_H

#include <stddef.h>

enum lang {
	LANG_EN = 0,
	LANG_ZH = 1,
};

/* The language of this process; LANG_EN until lang_set() says otherwise. */
extern enum lang lang_current;

/* Selects "en" or "zh"; returns -1 (and changes nothing) for any other name. */
int lang_set(const char *name);

/* The text for the current language. The "" makes each argument a literal. */
#define L(en, zh) (lang_current == LANG_ZH ? "" zh : "" en)

/* In a static initializer, where L() cannot go (it is not a constant), a text
 * is a pair written LT("english", "中文") and read with lang_pick():
 *     static const struct lang_pair advice = LT("unroll the loop", "把循环展开");
 *     puts(lang_pick(advice));
 * check_lang.py checks LT() as it checks L(); the compiler cannot check a
 * pair used as a printf format against its arguments, so prefer L() there. */
struct lang_pair {
	const char *en, *zh;
};
/* clang-format off */
#define LT(en, zh) {"" en, "" zh}
/* clang-format on */
static inline const char *lang_pick(struct lang_pair p)
{
	return lang_current == LANG_ZH ? p.zh : p.en;
}

/* snprintf(dst, size, "%s", src), except that when src does not fit it is
 * cut before a whole UTF-8 character, never in the middle of one. */
void utf8_copy(char *dst, size_t size, const char *src);

#endif
