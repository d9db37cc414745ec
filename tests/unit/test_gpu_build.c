/*
 * The GPU backend's build without a GPU (harness/engine/build/): nvcc
 * compiles a learner file with its glue and links the runtime into a test
 * binary; a syntax error is a compile failure whose log points at the
 * learner's file and line. The trusted runner's module build (nvcc -cubin),
 * kept and reused for an unchanged file, and its device-only check: honest
 * device code passes, host code, host variables and redefined judge names
 * are a CE at their line (its reader of preprocessed source on its own:
 * test_inspect.c). Skipped (77) where nvcc is missing.
 *   usage: test_gpu_build ROOT BUILD
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "build/linked.h"
#include "build/module.h"
#include "build/nvcc.h"
#include "unit.h"
#include "util.h"

static const char *root, *build;
static char *nvcc;

static void test_reference_links(void)
{
	struct build_paths p = {.root = root, .build = build, .nvcc = nvcc};
	char *work = unit_temp_dir("cj-gpu-build");
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
	free(work);
}

static void test_syntax_error_points_at_the_line(void)
{
	struct build_paths p = {.root = root, .build = build, .nvcc = nvcc};
	char *work = unit_temp_dir("cj-gpu-build");
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
	free(work);
}

/* Writes `text` to work/name and builds it as warp_scan's module. */
static void build_text(const char *work, const char *name, const char *text, struct build_result *r)
{
	struct build_paths p = {.root = root, .build = build, .nvcc = nvcc};
	char *source = xasprintf("%s/%s", work, name);
	unit_write_file(source, text);
	char *module = xasprintf("%s/%s.cubin", work, name);
	char *keep = xasprintf("%s/keep-%s", work, name);
	make_dirs(keep);
	build_module(&p, "warp_scan", source, 90, keep, module, r);
	free(source);
	free(module);
	free(keep);
}

#define SCAN_BODY                                                                                  \
	"{ for (int d = 1; d < 32; d <<= 1) { int b = __shfl_up_sync(0xffffffffu, v, d); "         \
	"if ((threadIdx.x & 31) >= d) v += b; } return v; }\n"

/* The module of a reference, built in a build folder of its own: the first
 * time by nvcc (its PTX kept for the rules check), the second time taken from
 * the kept builds, with the list of the files it read. */
static void test_module_of_a_reference(void)
{
	char *work = unit_temp_dir("cj-gpu-build");
	char *own_build = xasprintf("%s/build", work);
	char *again = xasprintf("%s/again", work);
	make_dirs(own_build);
	make_dirs(again);
	struct build_paths p = {.root = root, .build = own_build, .nvcc = nvcc};
	char *source = xasprintf("%s/reference/transpose.cu", root);
	char *module = xasprintf("%s/m.cubin", work);
	struct build_result r;
	build_module(&p, "transpose", source, 90, work, module, &r);
	CHECK_MSG(r.status == BUILD_OK, "status %d, log: %s", r.status, r.log);
	CHECK_MSG(access(module, R_OK) == 0, "no module at %s", module);
	CHECK(r.link_s == 0);
	CHECK(!r.cached);
	char *ptx = xasprintf("%s/learner_tu.ptx", work); /* what the rules check reads */
	CHECK_MSG(access(ptx, R_OK) == 0, "no PTX kept at %s", ptx);
	free(r.log);
	char *module2 = xasprintf("%s/m.cubin", again);
	char *deps2 = xasprintf("%s/tu.d", again);
	build_module(&p, "transpose", source, 90, again, module2, &r);
	CHECK_MSG(r.status == BUILD_OK && r.cached, "status %d, cached %d", r.status, r.cached);
	CHECK_MSG(access(module2, R_OK) == 0, "no module at %s", module2);
	CHECK_MSG(access(deps2, R_OK) == 0, "no dependency list at %s", deps2);
	free(r.log);
	remove_tree(work);
	free(ptx);
	free(own_build);
	free(again);
	free(module2);
	free(deps2);
	free(source);
	free(module);
	free(work);
}

static void test_device_only_check(void)
{
	char *work = unit_temp_dir("cj-gpu-build");
	struct build_result r;
	build_text(work, "honest.cu",
	           "#include <cooperative_groups.h>\nnamespace cg = cooperative_groups;\n"
	           "constexpr int kWarp = 32;\nstatic const int kMask = -1;\n"
	           "template <typename T> __device__ T add(T a, T b) { return a + b; }\n"
	           "struct Pair { int a, b; int host_sum() const { return a + b; } };\n"
	           "namespace detail { __device__ int lane() { return threadIdx.x & 31; } }\n"
	           "__device__ int warp_inclusive_scan(int v)\n" SCAN_BODY,
	           &r);
	CHECK_MSG(r.status == BUILD_OK, "status %d, log: %s", r.status, r.log);
	free(r.log);
	build_text(work, "dtor.cu",
	           "__device__ int warp_inclusive_scan(int v)\n" SCAN_BODY
	           "struct Forge { ~Forge() {} };\nstatic Forge forge;\n",
	           &r);
	CHECK_INT(r.status, ==, BUILD_COMPILE_FAILED);
	CHECK(r.host_code);
	CHECK_CONTAINS(r.log, "dtor.cu:4: error: `forge` is a host variable");
	free(r.log);
	build_text(work, "hook.cu",
	           "#include \"glue.h\"\n__device__ int warp_inclusive_scan(int v)\n" SCAN_BODY
	           "cudaError_t cj_host_run(const struct cj_wire_case *c, void *const dev[], "
	           "struct cj_measure *m) { return cudaSuccess; }\n",
	           &r);
	CHECK_INT(r.status, ==, BUILD_COMPILE_FAILED);
	CHECK_CONTAINS(r.log, "hook.cu:4: error: `cj_host_run` is host code");
	free(r.log);
	build_text(work, "macro.cu",
	           "__device__ int warp_inclusive_scan(int v)\n" SCAN_BODY
	           "#define cj_launch cj_launch_replaced\n",
	           &r);
	CHECK_INT(r.status, ==, BUILD_COMPILE_FAILED);
	CHECK_CONTAINS(r.log, "macro.cu:3: error: #define or #undef of `cj_launch`");
	free(r.log);
	remove_tree(work);
	free(work);
}

static const struct unit_test tests[] = {
        {"a reference builds as a module, with its PTX kept, then is reused",
         test_module_of_a_reference},
        {"the device-only check passes honest code and refuses host code at its line",
         test_device_only_check},
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
