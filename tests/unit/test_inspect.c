/*
 * The checks that read the learner's code (harness/engine/inspect/) agree on
 * what is code, because they read it through the one lexer: for each tricky
 * text (a statement after a // comment that a splice continues, in a string,
 * in a raw string, after a string holding comment markers, ...) the rules'
 * source scan, the line finder of the object check (hostobj_line_of), the
 * emulator's rewriting and the host-code finder of the device-only check all
 * find the statement at the same line, or all find nothing. Also: the
 * host-code finder alone, the directives that redefine the judge's names
 * however they are spelled, and paths written with escapes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "build/compiler.h"
#include "build/early_check.h"
#include "c_lexer.h"
#include "host_code.h"
#include "hostobj.h"
#include "judge_names.h"
#include "learner_file.h"
#include "rewrite.h"
#include "rules.h"
#include "unit.h"
#include "util.h"

/* A text with @ where a statement goes, and the line the compiler sees the
 * statement at (0: it sees none: it is in a comment or a literal). */
struct tricky {
	const char *text;
	int line;
};

static const struct tricky tricky[] = {
        {"// a comment a splice continues \\\n@\n", 0},
        {"/\\\n/ a line comment opened across a splice @\n", 0},
        {"/* a block comment closed across a splice *\\\n/ @\n", 2},
        {"const char *s = \"@\";\n", 0},
        {"const char *r = R\"x()\" @ )x\";\n", 0},
        {"const char *s = \"/*\"; @\n// */\n", 1},
        {"const char *s = \"*/\"; /* \" */ @\n", 1},
        {"const char q = '\"'; @\n", 1},
        {"const char *s = \"a\\\\\"; @\n", 1},
        {"const char *s = \"never closed @\n", 0},
        {"// trigraphs are not read in C++17 ?\?/\n@\n", 2},
        {"/* one\n two */ const int a = 1 +\n 2; @\n", 3},
        {"const int a = 1; \\\n @\n", 2},
        {"// a carriage return alone ends a line\r@\n", 2},
        {"// so it ends a spliced one too \\\r@\n", 0},
};

static char *with(const char *text, const char *statement)
{
	struct strbuf b = {0};
	for (const char *p = text; *p; ++p) {
		if (*p == '@')
			sb_puts(&b, statement);
		else
			sb_add(&b, p, 1);
	}
	return sb_take(&b);
}

static int rules_line(const char *text)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	rules_scan_source(text, "/x/a.cu", false, false, &s);
	return s.use[RULE_SHARED_MEMORY].found ? s.use[RULE_SHARED_MEMORY].line : 0;
}

static int object_check_line(const char *text)
{
	char path[] = "/tmp/cj-inspect-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0 && write(fd, text, strlen(text)) == (ssize_t)strlen(text));
	close(fd);
	int line = hostobj_line_of(path, "__shared__");
	unlink(path);
	return line;
}

/* The line of the first `static` the rewriting took away, or 0. */
static int rewrite_line(const char *text)
{
	char *out = rewrite_for_emulator(text, "x.cu");
	const char *body = strchr(out, '\n') + 1; /* after the #line on top */
	const char *kept = strstr(body, "static __shared__");
	const char *gone = strstr(body, "       __shared__");
	int line = 0;
	if (gone && !kept) {
		line = 1;
		for (const char *p = body; p < gone; ++p)
			line += *p == '\n' || (*p == '\r' && p[1] != '\n');
	}
	free(out);
	return line;
}

static int host_code_line(const char *text)
{
	char *code = with(text, "int hv;");
	char *ii = xasprintf("# 1 \"/x/a.cu\"\n%s", code);
	struct host_code h;
	int line = find_host_code(ii, "/x/a.cu", "/r", &h, NULL) > 0 && !strcmp(h.name, "hv")
	                   ? h.line
	                   : 0;
	free(ii);
	free(code);
	return line;
}

static void test_checks_agree(void)
{
	for (size_t i = 0; i < sizeof tricky / sizeof tricky[0]; ++i) {
		char *text = with(tricky[i].text, "static __shared__ int t[32];");
		int want = tricky[i].line;
		CHECK_MSG(rules_line(text) == want, "rules: %d for %s", rules_line(text), text);
		CHECK_MSG(object_check_line(text) == want, "object check: %d for %s",
		          object_check_line(text), text);
		CHECK_MSG(rewrite_line(text) == want, "rewrite: %d for %s", rewrite_line(text),
		          text);
		CHECK_MSG(host_code_line(tricky[i].text) == want, "host code: %d for %s",
		          host_code_line(tricky[i].text), tricky[i].text);
		free(text);
	}
}

/* A keyword cut by a splice is the keyword, at the line it starts on. */
static void test_spliced_keyword(void)
{
	const char *text = "int a;\n__sha\\\nred__ int t[32];\n";
	CHECK_INT(rules_line(text), ==, 2);
	CHECK_INT(object_check_line(text), ==, 2);
	CHECK_INT(c_first_identifier_line(text, "__shared__"), ==, 2);
}

static void test_find_host_code_alone(void)
{
	struct host_code h;
	const char *lines = "# 1 \"/x/a.cu\" 1\n"
	                    "__attribute__((device)) int f(int v) { return v; }\n"
	                    "namespace n { inline namespace m __attribute__((x)) { } }\n"
	                    "template <int N, bool B = (N > 2)> __attribute__((device)) int g();\n"
	                    "extern \"C\" { __attribute__((global)) void k(const int *p) {} }\n"
	                    "int main(int argc, char **argv) { return 0; }\n";
	CHECK_INT(find_host_code(lines, "/x/a.cu", "/r", &h, NULL), ==, 1);
	CHECK(h.function);
	CHECK_INT(h.line, ==, 5);
	CHECK_STR_EQ(h.name, "main");
	const char *vector = "# 1 \"/x/a.cu\" 1\nstd::vector<int> table(5);\n";
	CHECK_INT(find_host_code(vector, "/x/a.cu", "/r", &h, NULL), ==, 1);
	CHECK(!h.function);
	const char *other = "# 1 \"/usr/include/x.h\" 1\nint main() { return 0; }\n";
	CHECK_INT(find_host_code(other, "/x/a.cu", "/r", &h, NULL), ==, 0);
	/* template arguments closed by >> in a parameter's default */
	const char *nested = "# 1 \"/x/a.cu\" 1\n"
	                     "template <class T = A<B<int>>> __attribute__((device)) int g();\n"
	                     "int host_value = 3;\n";
	CHECK_INT(find_host_code(nested, "/x/a.cu", "/r", &h, NULL), ==, 1);
	CHECK_STR_EQ(h.name, "host_value");
	CHECK_INT(h.line, ==, 2);
	/* braces spelled as digraphs are braces */
	const char *digraphs = "# 1 \"/x/a.cu\" 1\nint main() <% return 0; %>\n";
	CHECK_INT(find_host_code(digraphs, "/x/a.cu", "/r", &h, NULL), ==, 1);
	CHECK(h.function && !strcmp(h.name, "main"));
}

/* Line markers write a path as a C string: the learner's file in a folder
 * named with accents, quotes or a backslash is still the learner's, and the
 * judge's own headers under a root with such a name are still the judge's. */
static void test_escaped_paths(void)
{
	struct host_code h;
	const char *ii = "# 1 \"/r/Jos\\303\\251 \\\"Q\\\" it's\\\\/harness/problems/x.cuh\" 1\n"
	                 "int glue_value;\n"
	                 "# 1 \"/s/\\345\\255\\246\\347\\224\\237 \\344\\270\\200/a.cu\" 1\n"
	                 "int learner_value;\n";
	CHECK_INT(find_host_code(ii, "/s/学生 一/a.cu", "/r/José \"Q\" it's\\", &h, NULL), ==, 1);
	CHECK_STR_EQ(h.name, "learner_value");
	CHECK_INT(h.line, ==, 1);
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	const char *pre = "# 1 \"/s/e\\360\\237\\230\\200 \\\"q\\\"/a.cu\" 1\n"
	                  "void f() { cudaStreamWaitEvent(a, b, 0); }\n";
	rules_scan_source(pre, "/s/e😀 \"q\"/a.cu", true, true, &s);
	CHECK(s.use[RULE_STREAM_WAIT_EVENT].found);
	CHECK_INT(s.use[RULE_STREAM_WAIT_EVENT].line, ==, 1);
}

/* #define and #undef of the judge's names, however the directive is
 * spelled; not in a comment. */
static void test_judge_names(void)
{
	char name[128];
	CHECK_INT(learner_redefines_judge_name("int a;\n%:define cj_launch x\n", name, sizeof name),
	          ==, 2);
	CHECK_STR_EQ(name, "cj_launch");
	CHECK_INT(learner_redefines_judge_name("# \\\n undef __shared__\n", name, sizeof name), ==,
	          1);
	CHECK_STR_EQ(name, "__shared__");
	CHECK_INT(learner_redefines_judge_name("/*\n#define __global__\n*/\n// #define cj_x\n",
	                                       name, sizeof name),
	          ==, 0);
	CHECK_INT(
	        learner_redefines_judge_name("#define cj_ 1\n#define TILE 32\n", name, sizeof name),
	        ==, 0);
}

static void put(const char *path, const char *text)
{
	unit_write_file(path, text);
}

/* A host-driven exercise's glue is its own text and the judge's headers it
 * includes (common/..., harness/runtime): a #define of a word that only such
 * a header uses changes the glue too. Headers that include each other are
 * read once. */
static void test_glue_words_of_shared_headers(void)
{
	char *root = unit_temp_dir("cj-inspect-glue");
	char *dirs[] = {xasprintf("%s/harness", root), xasprintf("%s/harness/problems", root),
	                xasprintf("%s/harness/problems/x", root),
	                xasprintf("%s/harness/problems/common", root),
	                xasprintf("%s/harness/runtime", root)};
	for (size_t i = 0; i < sizeof dirs / sizeof *dirs; ++i) {
		CHECK(mkdir(dirs[i], 0700) == 0);
		free(dirs[i]);
	}
	char *glue = xasprintf("%s/harness/problems/x/glue.cuh", root);
	char *shared = xasprintf("%s/harness/problems/common/shared.cuh", root);
	char *runtime = xasprintf("%s/harness/runtime/check.h", root);
	char *learner = xasprintf("%s/learner.cu", root);
	put(glue, "#include <stdio.h>\n#include \"common/shared.cuh\"\nint glue_word;\n");
	put(shared, "#include \"x/glue.cuh\"\n#include \"check.h\"\nint shared_word;\n");
	put(runtime, "int runtime_word;\n");
	char name[128];
	const char *words[] = {"glue_word", "shared_word", "runtime_word"};
	for (int i = 0; i < 3; ++i) {
		char *text = xasprintf("int a;\n#define %s 1\n", words[i]);
		put(learner, text);
		CHECK_INT(learner_changes_glue(root, "x", learner, name, sizeof name), ==, 2);
		CHECK_STR_EQ(name, words[i]);
		free(text);
	}
	put(learner, "#define learner_word 1\n");
	CHECK_INT(learner_changes_glue(root, "x", learner, name, sizeof name), ==, 0);
	remove_tree(root);
	free(glue), free(shared), free(runtime), free(learner), free(root);
}

/* The files a build read come from the line markers of the preprocessed
 * source nvcc kept: the file it starts from and every file entered (flag 1),
 * each once, names decoded; a #pragma, a marker that returns (flag 2) or a
 * line inside a raw string that looks like a marker adds nothing. The
 * device-only check's pass finds the same list. A reference solution among
 * them is found. */
static void test_deps_from_preprocessed(void)
{
	char *root = unit_temp_dir("cj-inspect-deps");
	char *ref_dir = xasprintf("%s/reference", root);
	CHECK(mkdir(ref_dir, 0700) == 0);
	char *ref = xasprintf("%s/reference/warp_scan.cu", root);
	char *mine = xasprintf("%s/mine.cu", root);
	put(ref, "\n");
	put(mine, "\n");
	char *ii = xasprintf("%s/tu.cpp1.ii", root), *deps = xasprintf("%s/tu.d", root);
	char *text = xasprintf("# 0 \"%s\"\n"
	                       "# 0 \"<built-in>\"\n"
	                       "# 1 \"/usr/include/x.h\" 1 3 4\n"
	                       "#pragma once\n"
	                       "# 7 \"%s\" 2\n"
	                       "# 1 \"/r/q\\\"uote.h\" 1\n"
	                       "__attribute__((device)) int a; # 1 \"/r/not_a_marker.h\" 1\n"
	                       "__attribute__((device)) const char *s = R\"(\n"
	                       "# 1 \"/r/in_a_raw_string.h\" 1\n)\";\n"
	                       "# 1 \"/usr/include/x.h\" 1 3 4\n"
	                       "# 1 \"%s\" 1\n",
	                       mine, mine, ref);
	put(ii, text);
	CHECK_INT(deps_from_preprocessed(ii, "out.cubin", deps), ==, 0);
	char *got = read_file(deps, NULL);
	char *want = xasprintf(
	        "out.cubin: \\\n %s \\\n /usr/include/x.h \\\n /r/q\"uote.h \\\n %s\n", mine, ref);
	CHECK_STR_EQ(got, want);
	/* the device-only check's pass over the same source gives the same list */
	struct host_code h;
	struct entered_files e;
	CHECK_INT(find_host_code(text, mine, root, &h, &e), ==, 0);
	CHECK(e.read);
	CHECK_INT((int)e.n, ==, 4);
	if (e.n == 4) {
		CHECK_STR_EQ(e.name[0], mine);
		CHECK_STR_EQ(e.name[2], "/r/q\"uote.h");
		CHECK_STR_EQ(e.name[3], ref);
	}
	entered_files_free(&e);
	char *used = build_used_reference(root, root, mine);
	CHECK_STR_EQ(used, "reference/warp_scan.cu");
	CHECK(build_used_reference(root, root, ref) == NULL); /* the reference itself */
	/* no preprocessed source after a build that succeeded: the judge's failure,
	 * never a build without the list */
	char *gone = xasprintf("%s/gone.ii", root);
	struct build_result res = {.status = BUILD_OK};
	build_keep_deps(gone, "out.cubin", deps, &res);
	CHECK_INT(res.status, ==, BUILD_TOOL_FAILED);
	CHECK(res.log && strstr(res.log, "gone.ii"));
	free(res.log);
	struct build_result failed = {.status = BUILD_COMPILE_FAILED};
	build_keep_deps(gone, "out.cubin", deps, &failed);
	CHECK_INT(failed.status, ==, BUILD_COMPILE_FAILED); /* a CE stays a CE */
	CHECK(failed.log == NULL);
	free(gone);
	remove_tree(root);
	free(used), free(got), free(want), free(text), free(ii), free(deps);
	free(ref), free(mine), free(ref_dir), free(root);
}

/* The device-only check made while nvcc compiles (build/early_check.h): it
 * checks the preprocessed source once it is closed after writing, and its
 * answer is kept only when the file is the one nvcc left; a file written
 * again after the check is checked again; nothing is checked without a
 * build, and a build whose file never came is checked at its end. */
static void test_device_only_check_beside_nvcc(void)
{
	char *root = unit_temp_dir("cj-inspect-early");
	char *mine = xasprintf("%s/mine.cu", root), *ii = xasprintf("%s/tu.cpp1.ii", root);
	put(mine, "\n");
	char *host = xasprintf("# 1 \"%s\" 1\nint main() { return 0; }\n", mine);
	char *clean = xasprintf("# 1 \"%s\" 1\n__attribute__((device)) int f();\n", mine);
	struct entered_files e;

	struct early_check c;
	early_check_start(&c, root, mine, ii);
	CHECK(c.started);
	put(ii, host); /* closed after writing: the thread checks it */
	char *refusal = early_check_finish(&c, true, &e);
	CHECK(c.done); /* by the thread: the event came before the end */
	CHECK(refusal && strstr(refusal, "main"));
	CHECK(e.read);
	free(refusal);
	entered_files_free(&e);

	/* written again after the check (another size): checked again */
	unlink(ii);
	early_check_start(&c, root, mine, ii);
	put(ii, host);
	struct timespec pause = {0, 20 * 1000 * 1000};
	nanosleep(&pause, NULL); /* any time: the file is compared, not the clock */
	FILE *f = fopen(ii, "w");
	fputs(clean, f);
	fputs("\n\n", f);
	/* still open: the thread may check the first text, never this one */
	fclose(f);
	refusal = early_check_finish(&c, true, &e);
	CHECK(refusal == NULL);
	CHECK(e.read);
	free(refusal);
	entered_files_free(&e);

	/* no build: nothing checked, nothing said */
	early_check_start(&c, root, mine, ii);
	put(ii, host);
	CHECK(early_check_finish(&c, false, &e) == NULL);
	CHECK(!e.read && e.n == 0);

	/* a file the thread never saw (written before the watch): checked at the end */
	early_check_start(&c, root, mine, ii);
	refusal = early_check_finish(&c, true, &e);
	CHECK(!c.done);
	CHECK(refusal && strstr(refusal, "main"));
	free(refusal);
	entered_files_free(&e);

	remove_tree(root);
	free(host), free(clean), free(mine), free(ii), free(root);
}

/* A path nvcc's shell would read is given to nvcc as a link: one without
 * $ ` " \\ that leads to the same file (and keeps the folder, for the
 * file's own #include "..."). */
static void test_paths_for_nvcc(void)
{
	char *work = unit_temp_dir("cj-inspect-nvcc");
	char *odd = xasprintf("%s/a\"b $HOME `x` \\", work);
	char *file = xasprintf("%s/warp_scan.cu", odd);
	char *odd_name = xasprintf("%s/it`s\".cu", work);
	CHECK(mkdir(odd, 0700) == 0);
	FILE *f = fopen(file, "w"), *g = fopen(odd_name, "w");
	CHECK(f && g);
	if (f)
		fclose(f);
	if (g)
		fclose(g);
	char *same = learner_file_for_nvcc("/tmp/José Müller/it's/-x.cu", work);
	CHECK_STR_EQ(same, "/tmp/José Müller/it's/-x.cu");
	char *via = learner_file_for_nvcc(file, work), *real_via = realpath(via, NULL),
	     *real_file = realpath(file, NULL);
	CHECK(!strpbrk(via, "\"$`\\"));
	CHECK(real_via && real_file && !strcmp(real_via, real_file));
	CHECK_STR_EQ(strrchr(via, '/'), "/warp_scan.cu");
	char *via_name = learner_file_for_nvcc(odd_name, work),
	     *real_name = realpath(odd_name, NULL), *real_via_name = realpath(via_name, NULL);
	CHECK(!strpbrk(via_name, "\"$`\\"));
	CHECK(real_name && real_via_name && !strcmp(real_name, real_via_name));
	free(same), free(via), free(real_via), free(real_file);
	free(via_name), free(real_name), free(real_via_name);
	remove_tree(work);
	free(odd), free(file), free(odd_name);
	free(work);
}

static const struct unit_test tests[] = {
        {"every check finds the same code in tricky texts", test_checks_agree},
        {"a keyword cut by a splice", test_spliced_keyword},
        {"the host-code finder alone", test_find_host_code_alone},
        {"the device-only check beside nvcc", test_device_only_check_beside_nvcc},
        {"paths written with escapes", test_escaped_paths},
        {"redefined judge names, however spelled", test_judge_names},
        {"the glue's words include its shared headers", test_glue_words_of_shared_headers},
        {"the files a build read, from its preprocessed source", test_deps_from_preprocessed},
        {"paths given to nvcc", test_paths_for_nvcc},
        {0}};

UNIT_MAIN(tests)
