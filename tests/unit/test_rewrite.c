/*
 * The emulator's source rewriting (harness/engine/rewrite.c): kernel launches
 * and extern __shared__ arrays become plain C++, static __shared__ loses its
 * static, every line stays where it was, and text inside strings and comments
 * is left alone.
 */
#include <stdlib.h>
#include <string.h>

#include "rewrite.h"
#include "unit.h"

static char *rewritten(const char *src)
{
	return rewrite_for_emulator(src, "exercises/x.cu");
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; ++s)
		n += *s == '\n';
	return n;
}

/* The #line directive adds one line on top; nothing else moves. */
static void check_same_lines(const char *src, const char *out)
{
	CHECK_INT(count_lines(out), ==, count_lines(src) + 1);
}

static void test_line_directive(void)
{
	char *out = rewritten("int x;\n");
	CHECK_MSG(!strncmp(out, "#line 1 \"exercises/x.cu\"\n", 25), "got: %s", out);
	free(out);
}

static void test_simple_launch(void)
{
	const char *src = "void f() { k<<<g, b>>>(a, n); }\n";
	char *out = rewritten(src);
	CHECK_MSG(strstr(out, "cj_emu::launch_kernel(cj_emu::config(g, b), k, a, n);"), "%s", out);
	CHECK_MSG(!strstr(out, "<<<") && !strstr(out, ">>>"), "%s", out);
	check_same_lines(src, out);
	free(out);
}

static void test_launch_without_arguments(void)
{
	char *out = rewritten("k<<<1, 32>>>();\n");
	CHECK_MSG(strstr(out, "cj_emu::launch_kernel(cj_emu::config(1, 32), k);"), "%s", out);
	free(out);
}

static void test_launch_with_stream_and_nested_calls(void)
{
	const char *src = "ns::kern<float, 4><<<blocks(n, f(2)), 256, 0, s>>>(\n    p, g(q, r));\n";
	char *out = rewritten(src);
	CHECK_MSG(strstr(out, "cj_emu::launch_kernel(cj_emu::config(blocks(n, f(2)), 256, 0, s), "
	                      "ns::kern<float, 4>"),
	          "%s", out);
	CHECK_MSG(strstr(out, "p, g(q, r))"), "%s", out);
	check_same_lines(src, out);
	free(out);
}

static void test_strings_and_comments_untouched(void)
{
	const char *src = "const char *s = \"k<<<1,1>>>()\"; // k<<<2,2>>>()\n/* k<<<3,3>>>() */\n";
	char *out = rewritten(src);
	CHECK_MSG(!strstr(out, "launch_kernel"), "%s", out);
	CHECK_MSG(strstr(out, "\"k<<<1,1>>>()\"") && strstr(out, "// k<<<2,2>>>()"), "%s", out);
	free(out);
}

static void test_extern_shared(void)
{
	const char *src =
	        "__device__ void f() {\n  extern __shared__ __align__(16) float tile[];\n}\n";
	char *out = rewritten(src);
	CHECK_MSG(strstr(out, "static float *const tile = reinterpret_cast<float *>("
	                      "cj_emu::dynamic_shared);"),
	          "%s", out);
	CHECK_MSG(!strstr(out, "extern"), "%s", out);
	check_same_lines(src, out);
	free(out);
}

static void test_static_shared(void)
{
	/* the emulator's __shared__ is static already; static_cast is no static */
	const char *src = "__device__ float f(float v) {\n  static __shared__ float s[32];\n"
	                  "  return static_cast<float>(s[0]) + v;\n}\n";
	char *out = rewritten(src);
	CHECK_MSG(strstr(out, "        __shared__ float s[32];"), "%s", out);
	CHECK_MSG(!strstr(out, "static __shared__") && strstr(out, "static_cast<float>"), "%s",
	          out);
	check_same_lines(src, out);
	free(out);
}

static void test_not_a_launch(void)
{
	/* a shift that is not followed by a call stays as it is */
	const char *src = "int y = x <<<broken\n";
	char *out = rewritten(src);
	CHECK_MSG(strstr(out, "x <<<broken"), "%s", out);
	free(out);
}

static void test_file_name_is_escaped(void)
{
	char *out = rewrite_for_emulator("int x;\n", "dir/a \"b\".cu");
	CHECK_PREFIX(out, "#line 1 \"dir/a \\\"b\\\".cu\"\n");
	free(out);
}

static const struct unit_test tests[] = {
        {"#line directive on top", test_line_directive},
        {"a launch becomes a call", test_simple_launch},
        {"a launch without arguments", test_launch_without_arguments},
        {"templates, namespaces, stream, nested calls, line breaks",
         test_launch_with_stream_and_nested_calls},
        {"strings and comments are left alone", test_strings_and_comments_untouched},
        {"extern __shared__ becomes a pointer", test_extern_shared},
        {"static __shared__ loses its static", test_static_shared},
        {"not a launch: untouched", test_not_a_launch},
        {"the file name is escaped", test_file_name_is_escaped},
        {0},
};

UNIT_MAIN(tests)
