/*
 * ThreadSanitizer's report in the learner's words (harness/engine/verdict/
 * race_report.c), on hand-written reports shaped like the emulator's: the
 * learner's lines wherever the judged file lives, the judge's own names
 * (cj_...) never shown, and an exercise's own advice in place of the usual one.
 */
#include <stdio.h>
#include <string.h>

#include "report/lang.h"
#include "verdict/race_report.h"
#include "unit.h"

/* A report of a read and a write of one shared variable, both in `file`;
 * `ending` follows every module part (a newer runtime's " (BuildId: ..)"). */
static void report_ending(char *out, size_t n, const char *file, const char *variable,
                          const char *ending)
{
	const char *e = ending;
	snprintf(out, n,
	         "==================\n"
	         "WARNING: ThreadSanitizer: data race (pid=12)\n"
	         "  Write of size 4 at 0x7f00 by thread T5:\n"
	         "    #0 cj_emu::fiber_entry() /repo/harness/emu/emu.cpp:88 (test+0x1)%s\n"
	         "    #1 block_reduce_sum(float) %s:21 (test+0x2)%s\n"
	         "    #2 cj_kernel(float const*, float*, int) "
	         "/repo/harness/problems/block_reduce_sum/glue.cuh:42 (test+0x3)%s\n"
	         "\n"
	         "  Previous read of size 4 at 0x7f00 by thread T3:\n"
	         "    #0 block_reduce_sum(float) %s:24 (test+0x4)%s\n"
	         "\n"
	         "  Location is global '%s' of size 128 at 0x7f00 (test+0x5)%s\n"
	         "\n"
	         "  Thread T5 'thread 32 of block 0' (tid=7, running) created by main thread\n"
	         "  Thread T3 'thread 1 of block 0' (tid=5, running) created by main thread\n",
	         e, file, e, e, file, e, variable, e);
}

#define PARTIAL "block_reduce_sum(float)::partial"

static char report_text[8192], described_text[2048];

/* The words for report_ending's report, as describe_race gives them for ctx; it must
 * return status (1: a frame is unplaced). */
static const char *described(const char *file, const char *variable, const char *ending,
                             const struct race_context *ctx, int status)
{
	report_ending(report_text, sizeof report_text, file, variable, ending);
	CHECK_INT(describe_race(report_text, ctx, NULL, described_text, sizeof described_text), ==,
	          status);
	return described_text;
}

/* Also where a newer runtime (GCC 13's on Ubuntu 24.04, as on the H200 host) ends
 * every frame with " (BuildId: hex)" after the module. */
static void test_file_outside_the_root(void)
{
	static const char *const endings[] = {"", " (BuildId: 28998338d518)"};
	const struct race_context ctx = {
	        .root = "/repo", .learner = "/home/me/mine.cu", .shown = "/home/me/mine.cu"};
	for (int i = 0; i < 2; ++i) {
		const char *text = described("/home/me/mine.cu", PARTIAL, endings[i], &ctx, 0);
		CHECK_CONTAINS(text, "/home/me/mine.cu:21");
		CHECK_CONTAINS(text, "/home/me/mine.cu:24");
		CHECK_MSG(!strstr(text, "harness/"), "%s", text);
		CHECK_MSG(!strstr(text, "outside your code"), "%s", text);
		CHECK_CONTAINS(text, "`partial` of block_reduce_sum");
	}
	CHECK_CONTAINS(report_text, ":21 (test+0x2) (BuildId: 28998338d518)\n");
}

static void test_file_under_the_root(void)
{
	const struct race_context ctx = {.root = "/repo",
	                                 .learner = "/repo/exercises/block_reduce_sum.cu",
	                                 .shown = "exercises/block_reduce_sum.cu"};
	const char *text = described(ctx.learner, PARTIAL, "", &ctx, 0);
	CHECK_CONTAINS(text, " exercises/block_reduce_sum.cu:21");
	CHECK_CONTAINS(text, "__syncthreads()"); /* the usual advice */
}

static void test_no_internal_names(void)
{
	static const char *const names[] = {"cj_phases_kernel(float const*, float*, int)::cj_tile",
	                                    "cj_emu::dynamic_shared", "cj_flag", NULL};
	static const char *const words[] = {"the shared array `tile` of the exercise's kernel",
	                                    "the dynamic shared memory",
	                                    "the exercise's variable `flag`"};
	const struct race_context ctx = {
	        .root = "/repo", .learner = "/w/x.cu", .shown = "x.cu", .advice = "Use bar."};
	for (int i = 0; names[i]; ++i) {
		const char *text = described("/w/x.cu", names[i], "", &ctx, 0);
		CHECK_MSG(!strstr(text, "cj_"), "%s", text);
		CHECK_CONTAINS(text, words[i]);
		CHECK_CONTAINS(text, "Use bar.");
		CHECK_MSG(!strstr(text, "__syncthreads()"), "%s", text);
	}
	/* in Chinese too */
	const struct race_context plain = {.root = "/repo", .learner = "/w/x.cu", .shown = "x.cu"};
	CHECK_INT(lang_set("zh"), ==, 0);
	const char *text = described("/w/x.cu", names[0], "", &plain, 0);
	CHECK_INT(lang_set("en"), ==, 0);
	CHECK_CONTAINS(text, "练习自带 kernel 中的 shared 数组 `tile`");
	CHECK_MSG(!strstr(text, "cj_"), "%s", text);
}

/* Frames ThreadSanitizer could not place ("<null>"): described, and said to
 * be unplaced (1), so that the engine asks addr2line (symbolize.h). */
static void test_unplaced_frames(void)
{
	const struct race_context ctx = {
	        .root = "/repo", .learner = "/home/me/mine.cu", .shown = "mine.cu"};
	const char *text = described("<null>", PARTIAL, "", &ctx, 1);
	CHECK_CONTAINS(text, "`partial` of block_reduce_sum");
	/* the glue's line is a place of the exercise's: only the read is unplaced */
	CHECK_CONTAINS(text, "harness/problems/block_reduce_sum/glue.cuh:42");
	CHECK_CONTAINS(text, "outside your code");
}

static const struct unit_test tests[] = {
        {"a file outside the root keeps its own lines, BuildIds or not",
         test_file_outside_the_root},
        {"a file under the root, shown from the root", test_file_under_the_root},
        {"the judge's names in words, the exercise's advice", test_no_internal_names},
        {"frames without a place are said to be unplaced", test_unplaced_frames},
        {0},
};

UNIT_MAIN(tests)
