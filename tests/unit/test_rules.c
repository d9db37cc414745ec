/*
 * The RULE checker (harness/engine/rules.c) on hand-written PTX and
 * preprocessed source: only code whose line info passes through the
 * learner's file counts, inlined frames included, and the problem's glue
 * never triggers a rule.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "config/catalog.h"
#include "report/lang.h"
#include "rules.h"
#include "unit.h"
#include "util.h"

#define LEARNER "/judge/exercises/warp_scan.cu"

/* The file table and the inlined functions' names ("_Z4scani", "__shfl_up_sync",
 * "...cooperative_groups...sync_grids...") as nvcc writes them after the code. */
static const char ptx_tail[] =
        "\t.file\t1 \"/judge/harness/problems/warp_scan.cuh\"\n"
        "\t.file\t2 \"" LEARNER "\"\n"
        "\t.file\t3 \"/usr/local/cuda/include/sm_30_intrinsics.hpp\"\n"
        "\t.file\t4 \"/usr/local/cuda/include/cooperative_groups/details/sync.h\"\n"
        "\t.file\t5 \"/usr/local/cuda/include/cccl/cub/warp/warp_reduce.cuh\"\n"
        "\t.section\t.debug_str\n\t{\n"
        "$L__info_string0:\n.b8 95,90,52,115,99,97,110,105,0\n"
        "$L__info_string1:\n.b8 95,95,115,104,102,108,95,117,112,95,115,121,110,99,0\n"
        "$L__info_string2:\n.b8 95,90,78,49,56,115,121,110,99,95,103,114,105,100,115\n"
        ".b8 69,0\n"
        "\t}\n";

static char *with_tail(const char *body)
{
	char *s = malloc(strlen(body) + sizeof ptx_tail);
	strcpy(s, body);
	strcat(s, ptx_tail);
	return s;
}

static struct rule_scan scan_ptx(const char *body, int *count)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	char *ptx = with_tail(body);
	*count = rules_scan_ptx(ptx, LEARNER, &s);
	free(ptx);
	return s;
}

/* The glue's own shared memory and barrier, then the learner's scan inlined
 * into the glue's kernel, its shuffle inlined from a CUDA header. */
static const char glue_and_learner[] =
        ".shared .align 4 .b8 glue_tile[128];\n"
        ".visible .entry cj_kernel(\n\t.param .u64 p0\n)\n{\n"
        "\t.loc\t1 10 2\n"
        "\tst.shared.u32 \t[glue_tile], %r1;\n"
        "\tbar.sync \t0;\n"
        "\t.loc\t2 5 3, function_name $L__info_string0, inlined_at 1 12 7\n"
        "\t.loc\t3 110 3, function_name $L__info_string1, inlined_at 2 5 3\n"
        "\tshfl.sync.up.b32 \t%r2|%p1, %r1, 1, 0, -1;\n"
        "\t.loc\t2 6 3, function_name $L__info_string0, inlined_at 1 12 7\n"
        "\t@%p1 add.s32 \t%r1, %r1, %r2;\n"
        "\t.loc\t1 14 2\n"
        "\tld.shared.u32 \t%r3, [glue_tile];\n"
        "\tmembar.gl;\n"
        "\tret;\n}\n";

/* The learner's own shared array (the glue's tile is not counted). */
static const char learner_shared_ptx[] =
        ".visible .entry cj_kernel()\n{\n"
        "\t.shared .align 4 .b8 _ZZ4scaniE4slot[4096];\n"
        "\t.loc\t1 20 2\n"
        "\tmov.u32 \t%r9, glue_tile;\n"
        "\t.loc\t2 7 2, function_name $L__info_string0, inlined_at 1 21 5\n"
        "\tmov.u32 \t%r4, _ZZ4scaniE4slot;\n"
        "\t.loc\t2 8 2, function_name $L__info_string0, inlined_at 1 21 5\n"
        "\tst.shared.u32 \t[%r4], %r1;\n"
        "\tret;\n}\n";

/* glue -> learner -> cooperative_groups header -> intrinsic: every frame
 * counts, and the reported line is the innermost one in the learner's file. */
static const char inline_chain_ptx[] =
        ".visible .entry cj_kernel()\n{\n"
        "\t.loc\t2 30 9, function_name $L__info_string0, inlined_at 1 40 3\n"
        "\t.loc\t4 68 5, function_name $L__info_string2, inlined_at 2 30 9\n"
        "\t.loc\t3 200 1, function_name $L__info_string1, inlined_at 4 68 5\n"
        "\tatom.global.cas.b32 \t%r1, [%rd1], %r2, %r3;\n"
        "\tbar.warp.sync \t-1;\n"
        "\tfence.acq_rel.gpu;\n"
        "\tret;\n}\n";

/* A shuffle inlined (line 9 of the learner's file) from a library header. */
static const char library_frames_ptx[] =
        ".visible .entry cj_kernel()\n{\n"
        "\t.loc\t2 9 5, function_name $L__info_string0, inlined_at 1 40 3\n"
        "\t.loc\t5 120 3, function_name $L__info_string1, inlined_at 2 9 5\n"
        "\tshfl.sync.down.b32 \t%r2|%p1, %r1, 1, 31, -1;\n"
        "\tret;\n}\n";

/* Inline asm (CUB writes its shuffles so): several statements on one line. */
static const char inline_asm_ptx[] =
        ".visible .entry cj_kernel()\n{\n"
        "\t.loc\t2 9 5, function_name $L__info_string0, inlined_at 1 40 3\n"
        "\t// begin inline asm\n"
        "\t{  .reg .f32 r0;  .reg .pred p;  shfl.sync.down.b32 r0|p, %f1, %r7, %r20, %r21; "
        " "
        "@p add.f32 r0, r0, %f1;  mov.f32 %f41, r0;}\n"
        "\t// end inline asm\n"
        "\tret;\n}\n";

/* Preprocessed source: the learner's lines only, includes tracked (the pragma is
 * line 4; the glue's call and a string do not count). */
static const char preprocessed_ii[] =
        "# 1 \"/judge/harness/runtime/learner_tu.cu\"\n"
        "# 1 \"/judge/harness/runtime/glue.h\" 1\n"
        "void cj_host() { cudaStreamWaitEvent(0, 0, 0); cudaMallocHost(0, 0); }\n"
        "# 9 \"/judge/harness/runtime/learner_tu.cu\" 2\n"
        "# 1 \"" LEARNER "\" 1\n"
        "\n"
        "# 1 \"/usr/local/cuda/include/cccl/cub/cub.cuh\" 1\n"
        "namespace cub { int x; }\n"
        "# 3 \"" LEARNER "\" 2\n"
        "const char *s = \"cudaHostAlloc\";\n"
        "#pragma unroll\n"
        "void host() { cudaStreamWaitEvent(a, b, 0); }\n";

/* Without nvcc: the file as written, comments skipped, device rules guessed. */
static const char as_written[] = "// no __shared__ here, no __syncthreads()\n"
                                 "/* __shfl_up_sync\n   atomicCAS */\n"
                                 "#include <thrust/reduce.h>\n"
                                 "__device__ int f(int v) { __shared__ int a[32];\n"
                                 "  return __shfl_up_sync(0xffffffff, v, 1); }\n";

#define R(rule) (1u << RULE_##rule)
_Static_assert(RULE_COUNT <= 32, "a scan_case's rules are bits of an unsigned");

/* A text scanned: PTX (with ptx_tail after it), nvcc's preprocessed output, or the file
 * as written. How many of the PTX's instructions are the learner's (-1: not checked),
 * rules found at a line of the learner's file (with the instruction seen, where what is
 * not NULL), rules found at any line, rules not found. */
static const struct scan_case {
	const char *name;
	const char *text;
	enum { PTX, PREPROCESSED, AS_WRITTEN } form;
	int count;
	struct {
		enum rule_id rule;
		int line; /* 0: no more */
		const char *what;
	} at[3];
	unsigned also_found, not_found;
} scan_cases[] = {
        /* the shuffle and the add; the learner's line, not the header's */
        {"glue shared memory and barriers are ignored",
         glue_and_learner,
         PTX,
         2,
         {{RULE_SHFL_SYNC, 5, "shfl.sync.up.b32"}},
         0,
         R(SHARED_MEMORY) | R(SYNCTHREADS) | R(THREADFENCE)},
        /* the address of the array, first */
        {"learner shared memory is caught",
         learner_shared_ptx,
         PTX,
         3,
         {{RULE_SHARED_MEMORY, 7, "mov.u32"}},
         0,
         R(SHFL_SYNC)},
        /* the inlined function is named sync_grids; bar.warp.sync is __syncwarp */
        {"inline chain through headers",
         inline_chain_ptx,
         PTX,
         4,
         {{RULE_ATOMIC_CAS, 30}},
         R(COOPERATIVE_GROUPS) | R(GRID_SYNC) | R(THREADFENCE),
         R(SYNCTHREADS) | R(LIBRARIES)},
        {"library code inlined into the learner's",
         library_frames_ptx,
         PTX,
         -1,
         {{RULE_LIBRARIES, 9}},
         R(SHFL_SYNC),
         0},
        /* shfl, add, mov, ret */
        {"inline asm", inline_asm_ptx, PTX, 4, {{RULE_SHFL_SYNC, 9, "shfl.sync.down.b32"}}, 0, 0},
        /* the learner's #include line */
        {"preprocessed source",
         preprocessed_ii,
         PREPROCESSED,
         -1,
         {{RULE_LIBRARIES, 2}, {RULE_STREAM_WAIT_EVENT, 5}},
         0,
         R(PINNED_MEMORY)},
        {"source text without nvcc",
         as_written,
         AS_WRITTEN,
         -1,
         {{RULE_SHARED_MEMORY, 5}, {RULE_SHFL_SYNC, 6}, {RULE_LIBRARIES, 4}},
         0,
         R(SYNCTHREADS) | R(ATOMIC_CAS)},
};

static void check_scan_case(const struct scan_case *c)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	int count = -1;
	if (c->form == PTX)
		s = scan_ptx(c->text, &count);
	else
		rules_scan_source(c->text, LEARNER, c->form == PREPROCESSED,
		                  c->form == PREPROCESSED, &s);
	CHECK_MSG(c->count < 0 || count == c->count, "%s: %d instructions, expected %d", c->name,
	          count, c->count);
	for (int i = 0; i < 3 && c->at[i].line; ++i) {
		const struct rule_use *u = &s.use[c->at[i].rule];
		CHECK_MSG(u->found && u->line == c->at[i].line,
		          "%s: %s found: %d, at line %d, expected %d", c->name,
		          rule_name(c->at[i].rule), u->found, u->line, c->at[i].line);
		CHECK_MSG(!c->at[i].what || !strcmp(u->what, c->at[i].what),
		          "%s: saw '%s', expected '%s'", c->name, u->what,
		          c->at[i].what ? c->at[i].what : "");
	}
	for (int r = 0; r < RULE_COUNT; ++r) {
		if (c->also_found & (1u << r))
			CHECK_MSG(s.use[r].found, "%s: %s not found", c->name, rule_name(r));
		if (c->not_found & (1u << r))
			CHECK_MSG(!s.use[r].found, "%s: %s found at line %d", c->name, rule_name(r),
			          s.use[r].line);
	}
}

static void test_scan_cases(void)
{
	for (size_t i = 0; i < sizeof scan_cases / sizeof *scan_cases; ++i)
		check_scan_case(&scan_cases[i]);
}

/* Line info that never names the learner's file: nothing is attributed. */
static void test_no_learner_file(void)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	const char ptx[] = ".visible .entry k()\n{\n\t.loc\t1 3 1\n\tshfl.sync.up.b32 \t%r1, "
	                   "%r1, 1, 0, -1;\n}\n\t.file\t1 \"/judge/harness/problems/x.cuh\"\n";
	CHECK_INT(rules_scan_ptx(ptx, LEARNER, &s), ==, -1);
	CHECK(!s.use[RULE_SHFL_SYNC].found);
}

static void test_evaluate(void)
{
	char *req[] = {"shfl.sync"}, *forb[] = {"shared-memory", "syncthreads"};
	struct problem_entry e = {.require = {req, 1}, .forbid = {forb, 2}};
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	struct rule_violation v[RULES_MAX_VIOLATIONS];
	CHECK_INT(rules_evaluate(&e, &s, v), ==, 1);
	CHECK(v[0].required && v[0].rule == RULE_SHFL_SYNC);

	s.use[RULE_SHFL_SYNC].found = true;
	s.use[RULE_SHARED_MEMORY] = (struct rule_use){true, 12, "st.shared.u32"};
	s.use[RULE_LIBRARIES] = (struct rule_use){true, 2, "cub"}; /* forbidden everywhere */
	int n = rules_evaluate(&e, &s, v);
	CHECK_INT(n, ==, 2);
	CHECK(!v[0].required && v[0].rule == RULE_SHARED_MEMORY && v[0].line == 12);
	/* a PTX mnemonic is said in words (it reads like a name of the learner's) */
	CHECK_STR_EQ(v[0].what, "a shared-memory access");
	CHECK(v[1].rule == RULE_LIBRARIES);
	CHECK_STR_EQ(v[1].what, "cub");
}

/* What was found is worded in the learner's language when rules_evaluate()
 * reports it; the scan (and its cache file) keeps the English. */
static void test_found_in_chinese(void)
{
	int count;
	struct rule_scan s = scan_ptx(library_frames_ptx, &count);
	CHECK_STR_EQ(s.use[RULE_LIBRARIES].what, "code inlined from a CUB or Thrust header");
	struct problem_entry e = {0};
	struct rule_violation v[RULES_MAX_VIOLATIONS];
	CHECK_INT(lang_set("zh"), ==, 0);
	int n = rules_evaluate(&e, &s, v);
	CHECK_INT(lang_set("en"), ==, 0);
	CHECK_INT(n, ==, 1);
	CHECK(v[0].rule == RULE_LIBRARIES);
	CHECK_STR_EQ(v[0].what, "从 CUB 或 Thrust 头文件内联进来的代码");
	CHECK_STR_EQ(s.use[RULE_LIBRARIES].what, "code inlined from a CUB or Thrust header");
	CHECK_INT(rules_evaluate(&e, &s, v), ==, 1);
	CHECK_STR_EQ(v[0].what, "code inlined from a CUB or Thrust header");
}

static void test_vocabulary(void)
{
	for (int r = 0; r < RULE_COUNT; ++r) {
		CHECK(rule_name(r) != NULL);
		if (r >= RULE_YAML_COUNT) { /* always forbidden: problems.yaml never names them */
			CHECK_INT(rule_parse(rule_name(r)), ==, -1);
			continue;
		}
		CHECK_INT(rule_parse(rule_name(r)), ==, r);
		CHECK(strstr(rule_vocabulary(), rule_name(r)) != NULL);
	}
	CHECK_INT(rule_parse("__syncthreads"), ==, -1);
	CHECK(rule_name(RULE_COUNT) == NULL);
}

/* A learner's kernel that nothing launches uses a shuffle; the glue's kernel
 * calls the learner's function, which does not. */
static const char unlaunched[] = ".visible .entry _Z6unusedPi(\n\t.param .u64 p0\n)\n{\n"
                                 "\t.loc\t2 20 3\n"
                                 "\tshfl.sync.up.b32 \t%r2|%p1, %r1, 1, 0, -1;\n"
                                 "\tret;\n}\n"
                                 ".func _Z4scani(\n\t.param .b32 q\n)\n{\n"
                                 "\t.loc\t2 5 3\n"
                                 "\tadd.s32 \t%r1, %r1, %r2;\n"
                                 "\tret;\n}\n"
                                 ".visible .entry cj_kernel(\n\t.param .u64 p0\n)\n{\n"
                                 "\t.loc\t1 10 2\n"
                                 "\tcall.uni \n\t_Z4scani, \n\t(\n\tparam0\n\t);\n"
                                 "\tret;\n}\n";

static void test_unlaunched_kernel(void)
{
	char *ptx = with_tail(unlaunched);
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	CHECK(rules_scan_ptx_launched(ptx, LEARNER, "cj_kernel<<<1, 32>>>(p);", &s) > 0);
	CHECK(s.use[RULE_SHFL_SYNC].found); /* a forbid rule still sees it */
	CHECK(s.unreached[RULE_SHFL_SYNC]); /* but it meets no requirement */
	struct problem_entry e = {.id = "warp_scan"};
	const char *req[] = {"shfl.sync"};
	e.require.items = (char **)req;
	e.require.n = 1;
	struct rule_violation v[RULES_MAX_VIOLATIONS];
	CHECK_INT(rules_evaluate(&e, &s, v), ==, 1);
	CHECK(v[0].required && v[0].rule == RULE_SHFL_SYNC);
	/* launched by name (the glue launches the learner's kernel): it counts */
	memset(&s, 0, sizeof s);
	rules_scan_ptx_launched(ptx, LEARNER, "unused<<<1, 32>>>(p);", &s);
	CHECK(s.use[RULE_SHFL_SYNC].found && !s.unreached[RULE_SHFL_SYNC]);
	CHECK_INT(rules_evaluate(&e, &s, v), ==, 0);
	free(ptx);
}

static struct rule_scan directives(const char *text, const char *glue)
{
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	rules_scan_directives(text, NULL, glue, &s);
	return s;
}

static void test_directives(void)
{
	struct rule_scan s =
	        directives("int a;\n#line 1 \"warp_scan.cuh\"\n__shared__ int t;\n", NULL);
	CHECK(s.use[RULE_LINE_DIRECTIVE].found);
	CHECK_INT(s.use[RULE_LINE_DIRECTIVE].line, ==, 2);
	s = directives("  # 12 \"/usr/include/stdio.h\" 1\n", NULL);
	CHECK(s.use[RULE_LINE_DIRECTIVE].found);
	s = directives("// #line 3 in a comment\n/* #include \"x.h\" */\nint a;\n", NULL);
	CHECK(!s.use[RULE_LINE_DIRECTIVE].found && !s.use[RULE_LOCAL_INCLUDE].found);
	s = directives("#include <stdio.h>\n#include <cooperative_groups.h>\n", NULL);
	CHECK(!s.use[RULE_LOCAL_INCLUDE].found);
	s = directives("#include <stdio.h>\n%:include \"helper.h\"\n", NULL);
	CHECK(s.use[RULE_LOCAL_INCLUDE].found);
	CHECK_INT(s.use[RULE_LOCAL_INCLUDE].line, ==, 2);
	s = directives("#define F \"x.h\"\n#include F\n", NULL);
	CHECK(s.use[RULE_LOCAL_INCLUDE].found);
	s = directives("#ifdef CJ_EMU\nint a;\n#endif\n", NULL);
	CHECK(s.use[RULE_BACKEND_MACRO].found);
	s = directives("#if \\\n  defined(__CUDA_ARCH__)\nint a;\n#endif\nint b;\n", NULL);
	CHECK(s.use[RULE_BACKEND_MACRO].found);
	CHECK_INT(s.use[RULE_BACKEND_MACRO].line, ==, 1);
	s = directives("#define TILE 32\n#if TILE > 16 && defined(TILE) || 0x1F\n#endif\n", NULL);
	CHECK(!s.use[RULE_BACKEND_MACRO].found);
	s = directives("#if __has_include(\"emu.h\")\n#endif\n", NULL);
	CHECK(s.use[RULE_BACKEND_MACRO].found);
	s = directives("extern \"C\" int cj_host_run(void) { return 0; }\n", NULL);
	CHECK(s.use[RULE_JUDGE_NAME].found);
	s = directives("const char *m = \"cj_x\"; int my_cj_x;\n", NULL);
	CHECK(!s.use[RULE_JUDGE_NAME].found);
	s = directives("#define warp_inclusive_scan my_scan\n", "v = warp_inclusive_scan(v);");
	CHECK(s.use[RULE_JUDGE_NAME].found);
	s = directives("#define TILE 64\n", "v = warp_inclusive_scan(v);");
	CHECK(!s.use[RULE_JUDGE_NAME].found);
	s = directives("extern \"C\" cudaError_t cudaEventElapsedTime(float *ms,\n"
	               "    cudaEvent_t a, cudaEvent_t b)\n{\n\t*ms = 0;\n}\n",
	               NULL);
	CHECK(s.use[RULE_JUDGE_NAME].found);
	CHECK_INT(s.use[RULE_JUDGE_NAME].line, ==, 1);
	s = directives("void f(float *ms) { cudaEventElapsedTime(ms, a, b); if "
	               "(cudaGetLastError()) {} }\n",
	               NULL);
	CHECK(!s.use[RULE_JUDGE_NAME].found);
	s = directives("#define cudaMalloc my_malloc\n", NULL);
	CHECK(s.use[RULE_JUDGE_NAME].found);
	struct problem_entry e = {.id = "warp_scan"};
	struct rule_violation v[RULES_MAX_VIOLATIONS];
	s = directives("#line 1\n", NULL);
	CHECK_INT(rules_evaluate(&e, &s, v), ==, 1);
	CHECK(v[0].rule == RULE_LINE_DIRECTIVE && !v[0].required && v[0].line == 1);
}

/* <name> resolving into the judge's own folders is refused, but the emulator's
 * stand-ins for toolkit headers (harness/emu/math_constants.h, ...) are the
 * toolkit's headers as far as a learner is concerned. */
static void test_judge_headers(void)
{
	char root[] = "/tmp/cj-rules-root-XXXXXX";
	CHECK(mkdtemp(root) != NULL);
	const char *const files[] = {"harness",           "harness/emu",
	                             "harness/runtime",   "harness/emu/math_constants.h",
	                             "harness/emu/emu.h", "harness/runtime/glue.h"};
	for (size_t i = 0; i < sizeof files / sizeof files[0]; ++i) {
		char *p = xasprintf("%s/%s", root, files[i]);
		if (i < 3) {
			CHECK(mkdir(p, 0700) == 0);
		} else {
			FILE *f = fopen(p, "w");
			CHECK(f != NULL);
			if (f)
				fclose(f);
		}
		free(p);
	}
	struct rule_scan s;
	const char *const allowed[] = {"#include <math_constants.h>\n", "#include <cuda.h>\n"};
	for (size_t i = 0; i < 2; ++i) {
		memset(&s, 0, sizeof s);
		rules_scan_directives(allowed[i], root, NULL, &s);
		CHECK(!s.use[RULE_LOCAL_INCLUDE].found);
	}
	const char *const refused[] = {"#include <emu.h>\n", "#include <glue.h>\n"};
	for (size_t i = 0; i < 2; ++i) {
		memset(&s, 0, sizeof s);
		rules_scan_directives(refused[i], root, NULL, &s);
		CHECK(s.use[RULE_LOCAL_INCLUDE].found);
	}
	for (size_t i = sizeof files / sizeof files[0]; i-- > 0;) {
		char *p = xasprintf("%s/%s", root, files[i]);
		CHECK(remove(p) == 0);
		free(p);
	}
	CHECK(rmdir(root) == 0);
}

static void test_same_code(void)
{
	char path[] = "/tmp/cj-rules-XXXXXX";
	int fd = mkstemp(path);
	CHECK(fd >= 0);
	const char ref[] = "/* ref */\nint f(int v)\n{\n\treturn v + 1;\n}\n";
	CHECK(write(fd, ref, sizeof ref - 1) == (ssize_t)(sizeof ref - 1));
	close(fd);
	CHECK(rules_same_code(ref, path));
	CHECK(rules_same_code("int f(int v) { return v + 1; } // mine", path));
	CHECK(!rules_same_code("int f(int v) { return v + 2; }", path));
	/* a grading image keeps only the hash of the reference's code (grade --prepare) */
	char dir[] = "/tmp/cj-rules-hash-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	setenv("CUDAJUDGE_CODE_HASH_DIR", dir, 1);
	CHECK(rules_same_code(ref, path));
	unsetenv("CUDAJUDGE_CODE_HASH_DIR");
	const char *base = strrchr(path, '/') + 1;
	char *kept = xasprintf("%s/%s.code-hash", dir, base);
	char *moved = xasprintf("%s.code-hash", path);
	CHECK(rename(kept, moved) == 0);
	unlink(path); /* the reference itself is gone */
	CHECK(rules_same_code("int f(int v) { return v + 1; } // mine", path));
	CHECK(!rules_same_code("int f(int v) { return v + 2; }", path));
	unlink(moved);
	CHECK(rmdir(dir) == 0);
	CHECK(!rules_same_code(ref, path)); /* neither the reference nor its hash */
	free(kept);
	free(moved);
}

/* nvcc writes the bytes >= 0x80 of a path, and its " and \\, as escapes in
 * the PTX's .file table and in line markers: a learner's file in a folder
 * named with them is still the learner's. */
#define ODD_LEARNER "/s/José \"Q\" \\ it's/学生 一 😀/warp_scan.cu"
#define ODD_WRITTEN                                                                                \
	"/s/Jos\\303\\251 \\\"Q\\\" \\\\ it's/"                                                    \
	"\\345\\255\\246\\347\\224\\237 \\344\\270\\200 \\360\\237\\230\\200/warp_scan.cu"

static void test_escaped_paths(void)
{
	const char ptx[] = ".visible .entry cj_kernel()\n{\n"
	                   "\t.loc\t2 5 3\n"
	                   "\tshfl.sync.up.b32 \t%r2|%p1, %r1, 1, 0, -1;\n"
	                   "\tret;\n}\n"
	                   "\t.file\t1 \"/judge/harness/problems/warp_scan.cuh\"\n"
	                   "\t.file\t2 \"" ODD_WRITTEN "\", 1764000000, 1234\n";
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	CHECK_INT(rules_scan_ptx(ptx, ODD_LEARNER, &s), ==, 2);
	CHECK(s.use[RULE_SHFL_SYNC].found);
	CHECK_INT(s.use[RULE_SHFL_SYNC].line, ==, 5);
	const char ii[] = "# 1 \"/judge/harness/runtime/learner_tu.cu\"\n"
	                  "# 1 \"" ODD_WRITTEN "\" 1\n"
	                  "\n"
	                  "void host() { cudaMallocHost(0, 0); }\n";
	memset(&s, 0, sizeof s);
	rules_scan_source(ii, ODD_LEARNER, true, true, &s);
	CHECK(s.use[RULE_PINNED_MEMORY].found);
	CHECK_INT(s.use[RULE_PINNED_MEMORY].line, ==, 2);
}

/* A folder named like a library or cooperative groups does not make the
 * learner's own code library code. */
static void test_library_named_folder(void)
{
	const char ptx[] = ".visible .entry cj_kernel()\n{\n"
	                   "\t.loc\t2 5 3\n"
	                   "\tshfl.sync.up.b32 \t%r2|%p1, %r1, 1, 0, -1;\n"
	                   "\tret;\n}\n"
	                   "\t.file\t2 \"/s/cub/cublas/cooperative_groups/warp_scan.cu\"\n";
	struct rule_scan s;
	memset(&s, 0, sizeof s);
	CHECK_INT(rules_scan_ptx(ptx, "/s/cub/cublas/cooperative_groups/warp_scan.cu", &s), ==, 2);
	CHECK(s.use[RULE_SHFL_SYNC].found);
	CHECK(!s.use[RULE_LIBRARIES].found);
	CHECK(!s.use[RULE_COOPERATIVE_GROUPS].found);
}

static const struct unit_test tests[] = {
        {"scans: the learner's code only, inlined frames included, the glue never",
         test_scan_cases},
        {"no learner file in the line info", test_no_learner_file},
        {"evaluation", test_evaluate},
        {"found texts in the learner's language", test_found_in_chinese},
        {"vocabulary", test_vocabulary},
        {"a kernel nothing launches meets no requirement", test_unlaunched_kernel},
        {"directives that hide code or reach into the judge", test_directives},
        {"the emulator's stand-ins for toolkit headers may be included", test_judge_headers},
        {"a copy of the reference", test_same_code},
        {"paths nvcc writes with escapes are the learner's", test_escaped_paths},
        {"a folder named like a library", test_library_named_folder},
        {0}};

UNIT_MAIN(tests)
