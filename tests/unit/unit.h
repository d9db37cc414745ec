/*
 * A very small test framework for the engine's unit tests, printing TAP
 * (meson runs these tests with protocol: 'tap', so every test function is
 * reported on its own).
 *
 *   static void test_something(void) { CHECK(x == 1); CHECK_STR_EQ(s, "a"); }
 *   static const struct unit_test tests[] = {
 *       {"something", test_something},
 *       {"a known engine bug", test_bug, "TODO reason (file:line)"},
 *       {0}};
 *   UNIT_MAIN(tests)
 *
 * (UNIT_MAIN(tests) is main() when the command line holds only the names of
 * tests to run; a test that takes arguments of its own calls unit_main itself.)
 *
 * A test with a third field is a known engine bug: it is reported as
 * "not ok ... # TODO" (an expected failure) while it fails, and as an
 * unexpected pass (which meson counts as a failure) once the bug is fixed, so
 * that someone turns it into an ordinary test.
 *
 * Failed checks print "# file:line: what" on stdout (TAP diagnostics) and on
 * stderr, and the test function goes on, so one run shows every failure.
 * Arguments after argv[0], if any, name the tests to run (all by default).
 */
#ifndef TESTS_UNIT_UNIT_H
#define TESTS_UNIT_UNIT_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct unit_test {
	const char *name;
	void (*fn)(void);
	const char *todo; /* non-NULL: a known bug, expected to fail */
};

static int unit_failed_checks; /* in the current test */
static long unit_checks;

__attribute__((format(printf, 3, 4))) static void unit_fail(const char *file, int line,
                                                            const char *fmt, ...)
{
	char msg[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	/* Keep TAP diagnostics on one line each. */
	for (char *p = msg; *p; ++p)
		if (*p == '\n')
			*p = '|';
	printf("# %s:%d: %s\n", file, line, msg);
	fprintf(stderr, "%s:%d: %s\n", file, line, msg);
	fflush(stdout);
	unit_failed_checks++;
}

#define CHECK(cond)                                                                                \
	do {                                                                                       \
		unit_checks++;                                                                     \
		if (!(cond))                                                                       \
			unit_fail(__FILE__, __LINE__, "CHECK(%s) failed", #cond);                  \
	} while (0)

#define CHECK_MSG(cond, ...)                                                                       \
	do {                                                                                       \
		unit_checks++;                                                                     \
		if (!(cond))                                                                       \
			unit_fail(__FILE__, __LINE__, __VA_ARGS__);                                \
	} while (0)

/* a op b, both converted to type and printed with fmt when the comparison fails;
 * said: the check as written (the callers stringize it before their arguments are
 * expanded, so that errno stays errno). */
#define UNIT_CHECK_COMPARE(type, fmt, a, op, b, said)                                              \
	do {                                                                                       \
		type unit_a_ = (type)(a), unit_b_ = (type)(b);                                     \
		unit_checks++;                                                                     \
		if (!(unit_a_ op unit_b_))                                                         \
			unit_fail(__FILE__, __LINE__, "%s: " fmt " vs " fmt, said, unit_a_,        \
			          unit_b_);                                                        \
	} while (0)

/* Integers of any width, compared as signed 64-bit... */
#define CHECK_INT(a, op, b) UNIT_CHECK_COMPARE(long long, "%lld", a, op, b, #a " " #op " " #b)
/* ...or as unsigned 64-bit. */
#define CHECK_UINT(a, op, b)                                                                       \
	UNIT_CHECK_COMPARE(unsigned long long, "%llu", a, op, b, #a " " #op " " #b)
#define CHECK_DBL(a, op, b) UNIT_CHECK_COMPARE(double, "%.17g", a, op, b, #a " " #op " " #b)

#define CHECK_STR_EQ(a, b)                                                                         \
	do {                                                                                       \
		const char *unit_a_ = (a), *unit_b_ = (b);                                         \
		unit_checks++;                                                                     \
		if (!unit_a_ || !unit_b_ || strcmp(unit_a_, unit_b_) != 0)                         \
			unit_fail(__FILE__, __LINE__, "%s == %s: \"%s\" vs \"%s\"", #a, #b,        \
			          unit_a_ ? unit_a_ : "(null)", unit_b_ ? unit_b_ : "(null)");     \
	} while (0)

#define CHECK_CONTAINS(hay, needle)                                                                \
	do {                                                                                       \
		const char *unit_h_ = (hay), *unit_n_ = (needle);                                  \
		unit_checks++;                                                                     \
		if (!unit_h_ || !strstr(unit_h_, unit_n_))                                         \
			unit_fail(__FILE__, __LINE__, "%s does not contain \"%s\": \"%s\"", #hay,  \
			          unit_n_, unit_h_ ? unit_h_ : "(null)");                          \
	} while (0)

#define CHECK_PREFIX(s, prefix)                                                                    \
	do {                                                                                       \
		const char *unit_s_ = (s), *unit_p_ = (prefix);                                    \
		unit_checks++;                                                                     \
		if (!unit_s_ || strncmp(unit_s_, unit_p_, strlen(unit_p_)) != 0)                   \
			unit_fail(__FILE__, __LINE__, "%s does not start with \"%s\": \"%s\"", #s, \
			          unit_p_, unit_s_ ? unit_s_ : "(null)");                          \
	} while (0)

static bool unit_selected(const char *name, int argc, char **argv)
{
	if (argc < 2)
		return true;
	for (int i = 1; i < argc; ++i)
		if (!strcmp(argv[i], name))
			return true;
	return false;
}

static int unit_main(const struct unit_test *tests, int argc, char **argv)
{
	int n = 0, failed = 0, unexpected = 0;
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (int i = 1; i < argc; ++i) {
		const struct unit_test *t = tests;
		while (t->name && strcmp(t->name, argv[i]) != 0)
			++t;
		if (!t->name) {
			fprintf(stderr, "no test named '%s'\n", argv[i]);
			return 1;
		}
	}
	for (const struct unit_test *t = tests; t->name; ++t) {
		if (!unit_selected(t->name, argc, argv))
			continue;
		++n;
		unit_failed_checks = 0;
		t->fn();
		if (t->todo) {
			if (unit_failed_checks)
				printf("not ok %d - %s # TODO known engine bug: %s\n", n, t->name,
				       t->todo);
			else {
				printf("ok %d - %s # TODO known engine bug: %s\n", n, t->name,
				       t->todo);
				printf("# %s passes now: the bug looks fixed, make it an ordinary "
				       "test\n",
				       t->name);
				fprintf(stderr, "%s: known bug no longer reproduces\n", t->name);
				++unexpected;
			}
		} else if (unit_failed_checks) {
			printf("not ok %d - %s\n", n, t->name);
			++failed;
		} else {
			printf("ok %d - %s\n", n, t->name);
		}
		fflush(stdout);
	}
	printf("1..%d\n", n);
	printf("# %ld checks, %d failed tests, %d known bugs fixed\n", unit_checks, failed,
	       unexpected);
	return failed || unexpected ? 1 : 0;
}

/* A new empty folder /tmp/PREFIX-XXXXXX for a test (a failed check when none can be
 * made: then the name, though no folder has it); the caller frees the name. */
static inline char *unit_temp_dir(const char *prefix)
{
	size_t n = strlen("/tmp/-XXXXXX") + strlen(prefix) + 1;
	char *path = malloc(n);
	if (!path)
		abort();
	snprintf(path, n, "/tmp/%s-XXXXXX", prefix);
	CHECK_MSG(mkdtemp(path) != NULL, "cannot make the folder %s", path);
	return path;
}

/* Writes `text` to the file at path, replacing it (a failed check when it cannot). */
static inline void unit_write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	CHECK_MSG(f != NULL, "cannot write %s", path);
	if (f) {
		fputs(text, f);
		CHECK_MSG(fclose(f) == 0, "cannot write %s", path);
	}
}

/* The arguments a test program takes before the names of the tests to run (a folder,
 * a program, each optional): each one given is stored through its pointer in own,
 * UNIT_OWN(&dir, ...); returns how many it takes. */
#define UNIT_OWN(...) ((const char **[]){__VA_ARGS__, NULL})
static inline int unit_arguments(int argc, char **argv, const char **own[])
{
	int n = 0;
	for (; own[n]; ++n)
		if (n + 1 < argc)
			*own[n] = argv[n + 1];
	return n;
}

/* unit_main for a test whose first `own` arguments are its own (unit_arguments). */
static inline int unit_main_after(const struct unit_test *tests, int own, int argc, char **argv)
{
	return argc > own ? unit_main(tests, argc - own, argv + own) : unit_main(tests, 1, argv);
}

/* The main() of a test whose command line names only the tests to run. */
#define UNIT_MAIN(tests)                                                                           \
	int main(int argc, char **argv)                                                            \
	{                                                                                          \
		return unit_main(tests, argc, argv);                                               \
	}

#endif
