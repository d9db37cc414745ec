/*
 * The GPU backend's build without a GPU (harness/engine/compile.c): nvcc
 * compiles a learner file with its glue and links the runtime into a test
 * binary; a syntax error is a compile failure whose log points at the
 * learner's file and line. Skipped (77) where nvcc is missing.
 *   usage: test_gpu_build ROOT BUILD
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compile.h"
#include "unit.h"
#include "util.h"

static const char *root, *build;
static char *nvcc;

static void test_reference_links(void)
{
	struct build_paths p = {.root = root, .build = build, .nvcc = nvcc};
	char work[] = "/tmp/cj-gpu-build-XXXXXX";
	CHECK(mkdtemp(work) != NULL);
	char *source = xasprintf("%s/reference/warp_scan.cu", root);
	char *bin = xasprintf("%s/test", work);
	struct build_result r;
	build_test_binary(&p, "warp_scan", source, 90, work, bin, false, &r);
	CHECK_MSG(r.status == BUILD_OK, "status %d, log: %s", r.status, r.log);
	CHECK_MSG(access(bin, X_OK) == 0, "no test binary at %s", bin);
	CHECK(r.compile_s > 0 && r.link_s > 0);
	free(r.log);
	remove_tree(work);
	free(source);
	free(bin);
}

static void test_syntax_error_points_at_the_line(void)
{
	struct build_paths p = {.root = root, .build = build, .nvcc = nvcc};
	char work[] = "/tmp/cj-gpu-build-XXXXXX";
	CHECK(mkdtemp(work) != NULL);
	char *source = xasprintf(
	        "%s/tests/submissions/warp_scan/compile_error/missing_semicolon.cu", root);
	char *bin = xasprintf("%s/test", work);
	struct build_result r;
	build_test_binary(&p, "warp_scan", source, 90, work, bin, false, &r);
	CHECK_INT(r.status, ==, BUILD_COMPILE_FAILED);
	CHECK_CONTAINS(r.log,
	               "tests/submissions/warp_scan/compile_error/missing_semicolon.cu:8: error");
	CHECK_MSG(!strstr(r.log, root), "the log still holds absolute paths: %s", r.log);
	free(r.log);
	remove_tree(work);
	free(source);
	free(bin);
}

static const struct unit_test tests[] = {
        {"a reference compiles and links into a test binary", test_reference_links},
        {"a syntax error is a compile failure at file:line", test_syntax_error_points_at_the_line},
        {0},
};

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s ROOT BUILD\n", argv[0]);
		return 2;
	}
	root = argv[1];
	build = argv[2];
	nvcc = find_nvcc();
	if (!nvcc) {
		printf("1..0 # SKIP nvcc not found\n");
		return 77;
	}
	return unit_main(tests, 1, argv);
}
