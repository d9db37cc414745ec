/*
 * The sanitize backend's report parser and judgement (harness/engine/verdict/
 * sanitize.c), on the compute-sanitizer logs in tests/unit/sanitizer/: written
 * by hand after NVIDIA's manual, and (h200_*) recorded on an H200 with
 * compute-sanitizer 2025.3.1 (see its README).
 *
 * Usage: test_sanitize LOG_DIR [TEST...]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/lang.h"
#include "verdict/sanitize.h"
#include "unit.h"
#include "util.h"

static const char *log_dir = "sanitizer";
static const char *const ROOT = "/repo";
static const char *const LEARNER = "/repo/exercises/block_reduce_sum.cu";
static const char *const SHOWN = "exercises/block_reduce_sum.cu";

/* Parses LOG_DIR/name into r; false (and a failed check) when unreadable. */
static bool load(const char *name, struct san_report *r)
{
	char *path = xasprintf("%s/%s", log_dir, name);
	char *text = read_file(path, NULL);
	CHECK_MSG(text != NULL, "cannot read %s", path);
	free(path);
	sanitize_parse(text ? text : "", r);
	free(text);
	return text != NULL;
}

static void judge(const char *name, enum sanitize_tool t, struct san_report *r,
                  struct san_judgement *j)
{
	load(name, r);
	sanitize_judge(r, t, LEARNER, ROOT, SHOWN, j);
}

static void test_memcheck_learner(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("memcheck_learner.log", SAN_MEMCHECK, &r, &j);
	CHECK(r.started);
	CHECK_INT(r.errors_said, ==, 2);
	CHECK_INT(r.n, ==, 2);
	const struct san_finding *f = &r.f[0];
	CHECK_INT(f->kind, ==, F_MEMORY);
	CHECK_STR_EQ(f->space, "global");
	CHECK_STR_EQ(f->access, "write");
	CHECK_INT(f->size, ==, 4);
	CHECK_STR_EQ(f->at.file, LEARNER);
	CHECK_INT(f->at.line, ==, 17);
	CHECK_STR_EQ(f->at.func, "block_reduce_sum(float)");
	CHECK(f->have_thread && f->thread[0] == 95 && f->block[0] == 2);
	CHECK(f->have_address && f->address == 0x7f3a2c000180ull);
	CHECK_STR_EQ(f->detail, "is out of bounds");
	CHECK(strstr(f->allocation, "4 bytes after the nearest allocation") != NULL);
	CHECK_INT(r.f[1].kind, ==, F_API); /* the consequence, not a second finding */
	CHECK_INT(j.verdict, ==, V_RE);
	CHECK_INT(j.counted, ==, 1);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:17") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "thread (95,0,0) of block (2,0,0)") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "0x7f3a2c000180") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "wrote 4 bytes of global memory") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "/repo") == NULL, "absolute path shown: %s", j.message);
	sanitize_report_free(&r);
}

static void test_memcheck_old_style(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("memcheck_old_style.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.n, ==, 1);
	CHECK_INT(r.f[0].at.line, ==, 23);
	CHECK_STR_EQ(r.f[0].at.func, "block_reduce_sum(float)");
	CHECK_STR_EQ(r.f[0].detail, "is misaligned");
	CHECK_STR_EQ(r.f[0].access, "read");
	CHECK_INT(j.verdict, ==, V_RE);
	CHECK_MSG(strstr(j.message, "not a multiple of the access size") != NULL, "%s", j.message);
	sanitize_report_free(&r);
	/* an atomic access is neither a read nor a write */
	sanitize_parse("========= Invalid __global__ atomic of size 4 bytes\n"
	               "=========     at f(float *)+0x30 in /repo/exercises/block_reduce_sum.cu:5\n"
	               "=========     by thread (1,0,0) in block (0,0,0)\n"
	               "=========     Address 0x7f0000000002 is misaligned\n",
	               &r);
	CHECK_STR_EQ(r.f[0].access, "atomic");
	sanitize_judge(&r, SAN_MEMCHECK, LEARNER, ROOT, SHOWN, &j);
	CHECK_MSG(strstr(j.message, "made an atomic access of 4 bytes") != NULL, "%s", j.message);
	sanitize_report_free(&r);
}

/* The glue's kernel made the access, but the learner's function (inlined
 * into it) is a device frame: the learner's line is the one shown. */
static void test_memcheck_inlined(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("memcheck_inlined.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.n, ==, 1);
	CHECK_INT(r.f[0].nframes, ==, 2);
	CHECK_INT(sanitize_owner(&r.f[0], LEARNER, ROOT), ==, OWNER_LEARNER);
	CHECK_INT(j.verdict, ==, V_RE);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:12") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "shared memory") != NULL, "%s", j.message);
	sanitize_report_free(&r);
}

/* Only the judge's own code is named: never the learner's fault. */
static void test_memcheck_harness(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("memcheck_harness.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(sanitize_owner(&r.f[0], LEARNER, ROOT), ==, OWNER_HARNESS);
	CHECK_INT(j.verdict, ==, V_JE);
	CHECK_INT(j.counted, ==, 0);
	CHECK_MSG(strstr(j.message, "judge's own code") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "harness/problems/block_reduce_sum/glue.cuh:40") != NULL, "%s",
	          j.message);
	/* The same finding with the learner's file elsewhere is still the harness's. */
	struct san_judgement other;
	sanitize_judge(&r, SAN_MEMCHECK, "/elsewhere/mine.cu", ROOT, "mine.cu", &other);
	CHECK_INT(other.verdict, ==, V_JE);
	sanitize_report_free(&r);
}

static void test_racecheck_all(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("racecheck_all.log", SAN_RACECHECK, &r, &j);
	CHECK_INT(r.n, ==, 2);
	const struct san_finding *h = &r.f[0], *a = &r.f[1];
	CHECK_INT(h->kind, ==, F_HAZARD);
	CHECK_STR_EQ(h->hazard, "RAW");
	CHECK_STR_EQ(h->severity, "ERROR");
	CHECK(h->have_address && h->address == 4);
	CHECK(h->have_block && h->block[0] == 0);
	CHECK(h->have_thread && h->thread[0] == 32);
	CHECK(h->have_other_thread && h->other_thread[0] == 1);
	CHECK_STR_EQ(h->at_access, "Write");
	CHECK_STR_EQ(h->other_access, "Read");
	CHECK_INT(h->at.line, ==, 20);
	CHECK_INT(h->other.line, ==, 23);
	CHECK_INT(a->kind, ==, F_RACE);
	CHECK_INT(a->hazards, ==, 248);
	CHECK_INT(a->at.line, ==, 20);
	CHECK_INT(a->other.line, ==, 23);
	CHECK_STR_EQ(a->other_access, "Read");
	CHECK_INT(j.verdict, ==, V_RACE);
	/* The hazard is preferred: it names the threads and the address. */
	CHECK_MSG(strstr(j.message, "read-after-write") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "thread (32,0,0) (write)") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "thread (1,0,0) (read)") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "byte 0x4 of shared memory in block (0,0,0)") != NULL, "%s",
	          j.message);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:20 and "
	                            "exercises/block_reduce_sum.cu:23") != NULL,
	          "%s", j.message);
	char text[1024];
	sanitize_describe(a, LEARNER, ROOT, SHOWN, text, sizeof text);
	CHECK_MSG(strstr(text, "248 hazards") != NULL, "%s", text);
	sanitize_report_free(&r);
}

static void test_racecheck_old_style(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("racecheck_old_style.log", SAN_RACECHECK, &r, &j);
	CHECK_INT(r.n, ==, 1);
	const struct san_finding *h = &r.f[0];
	CHECK_STR_EQ(h->hazard, "WAW");
	CHECK(h->block[0] == 3);
	CHECK(h->thread[0] == 0 && h->other_thread[0] == 1);
	CHECK_STR_EQ(h->at.file, LEARNER);
	CHECK_INT(h->at.line, ==, 7);
	CHECK_STR_EQ(h->at.func, "block_reduce_sum(float)");
	CHECK_INT(j.verdict, ==, V_RACE);
	CHECK_MSG(strstr(j.message, "write-after-write") != NULL, "%s", j.message);
	sanitize_report_free(&r);
}

static void test_synccheck(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("synccheck.log", SAN_SYNCCHECK, &r, &j);
	CHECK_INT(r.n, ==, 1);
	CHECK_INT(r.f[0].kind, ==, F_BARRIER);
	CHECK_STR_EQ(r.f[0].detail, "Divergent thread(s) in block");
	CHECK_INT(j.verdict, ==, V_RACE);
	CHECK_MSG(strstr(j.message, "barrier error") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:15") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "thread (37,0,0) of block (0,0,0)") != NULL, "%s", j.message);
	sanitize_report_free(&r);
}

static void test_initcheck(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("initcheck.log", SAN_INITCHECK, &r, &j);
	CHECK_INT(r.f[0].kind, ==, F_UNINIT);
	CHECK(r.f[0].have_address && r.f[0].address == 0x7f1e4c200400ull);
	CHECK_INT(j.verdict, ==, V_RE);
	CHECK_MSG(strstr(j.message, "nothing had written") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:9") != NULL, "%s", j.message);
	sanitize_report_free(&r);
}

/* A failed CUDA call is the runtime's to report (it already is, as RE). */
static void test_api_error_alone(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("api_only.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.n, ==, 1);
	CHECK_INT(r.f[0].kind, ==, F_API);
	CHECK_INT(j.verdict, ==, V_AC);
	CHECK_STR_EQ(j.message, "");
	sanitize_report_free(&r);
}

static void test_clean(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("clean.log", SAN_RACECHECK, &r, &j);
	CHECK(r.started);
	CHECK_INT(r.n, ==, 0);
	CHECK_INT(r.errors_said, ==, 0);
	CHECK_INT(j.verdict, ==, V_AC);
	CHECK_STR_EQ(j.tool_error, "");
	sanitize_report_free(&r);
}

static void test_tool_failed(void)
{
	struct san_report r;
	struct san_judgement j;
	judge("tool_failed.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.f[0].kind, ==, F_TOOL);
	CHECK_INT(j.verdict, ==, V_AC); /* judge.c turns an unchecked AC into JE */
	CHECK_MSG(strstr(j.tool_error, "terminated before first instrumented") != NULL, "%s",
	          j.tool_error);
	sanitize_report_free(&r);
}

/* What a program prints cannot pose as the tool: only prefixed lines count. */
static void test_spoofed_lines_ignored(void)
{
	struct san_report r;
	load("spoofed.log", &r);
	CHECK(!r.started);
	CHECK_INT(r.n, ==, 0);
	sanitize_report_free(&r);
	sanitize_parse("", &r);
	CHECK_INT(r.n, ==, 0);
	CHECK_INT(r.errors_said, ==, -1);
	sanitize_report_free(&r);
	/* A line longer than the parser's buffer and odd bytes do not break it. */
	char *junk = xmalloc(5000);
	memset(junk, '=', 4999);
	junk[4999] = '\0';
	sanitize_parse(junk, &r);
	sanitize_report_free(&r);
	free(junk);
}

static void test_tools_and_argv(void)
{
	CHECK_INT(sanitize_parse_tools("memcheck"), ==, 1u << SAN_MEMCHECK);
	CHECK_INT(sanitize_parse_tools("synccheck"), ==, 1u << SAN_SYNCCHECK);
	CHECK_INT(sanitize_parse_tools("all"), ==, 15u);
	CHECK_INT(sanitize_parse_tools("leakcheck"), ==, 0u);
	CHECK_INT(sanitize_parse_tools(NULL), ==, 0u);
	CHECK_STR_EQ(sanitize_tool_name(SAN_INITCHECK), "initcheck");
	CHECK(sanitize_tool_name(SAN_TOOLS) == NULL);
	char *prog[] = {"/b/test", "--wire", "3", NULL};
	char **argv = sanitize_argv("/cuda/bin/compute-sanitizer", SAN_RACECHECK, "/w/r.log", prog);
	bool tool = false, log = false, report = false, dashes = false;
	int n = 0;
	for (; argv[n]; ++n) {
		tool |= !strcmp(argv[n], "--tool") && !strcmp(argv[n + 1], "racecheck");
		log |= !strcmp(argv[n], "--log-file") && !strcmp(argv[n + 1], "/w/r.log");
		report |= !strcmp(argv[n], "--racecheck-report") && !strcmp(argv[n + 1], "all");
		dashes |= !strcmp(argv[n], "--") && !strcmp(argv[n + 1], "/b/test");
	}
	CHECK(tool && log && report && dashes);
	CHECK_STR_EQ(argv[0], "/cuda/bin/compute-sanitizer");
	CHECK_STR_EQ(argv[n - 1], "3");
	free(argv);
}

/* In Chinese (--lang zh) the findings are Chinese; places, threads, numbers
 * and the CUDA words stay as they are. */
static void test_chinese(void)
{
	CHECK_INT(lang_set("zh"), ==, 0);
	struct san_report r;
	struct san_judgement j;
	judge("memcheck_learner.log", SAN_MEMCHECK, &r, &j);
	CHECK_INT(j.verdict, ==, V_RE);
	CHECK_MSG(strstr(j.message, "memcheck 发现了内存错误：") == j.message, "%s", j.message);
	CHECK_MSG(strstr(j.message, "exercises/block_reduce_sum.cu:17") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "线程 (95,0,0)（block (2,0,0)）写了 4 字节的 global memory") !=
	                  NULL,
	          "%s", j.message);
	CHECK_MSG(strstr(j.message, "wrote") == NULL, "%s", j.message);
	sanitize_report_free(&r);

	judge("racecheck_all.log", SAN_RACECHECK, &r, &j);
	CHECK_INT(j.verdict, ==, V_RACE);
	CHECK_MSG(strstr(j.message, "memcheck") == NULL &&
	                  strstr(j.message, "racecheck 发现了数据竞争") == j.message,
	          "%s", j.message);
	CHECK_MSG(strstr(j.message, "写后读（read-after-write）冒险") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "线程 (32,0,0)（写）") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "线程 (1,0,0)（读）") != NULL, "%s", j.message);
	CHECK_MSG(strstr(j.message, "__syncthreads()") != NULL, "%s", j.message);
	char text[1024];
	sanitize_describe(&r.f[1], LEARNER, ROOT, SHOWN, text, sizeof text);
	CHECK_MSG(strstr(text, "248 个冒险") != NULL, "%s", text);
	sanitize_report_free(&r);
	lang_set("en");
}

/* A stand-in compute-sanitizer whose --help lists `help`. */
static char *fake_sanitizer(const char *dir, const char *help)
{
	char *path = xasprintf("%s/compute-sanitizer", dir);
	FILE *f = fopen(path, "w");
	CHECK(f != NULL);
	if (f) {
		fprintf(f, "#!/bin/sh\necho 'Options:'\necho '  %s'\n", help);
		fclose(f);
	}
	chmod(path, 0755);
	return path;
}

static bool has_args(char **argv, const char *a, const char *b)
{
	for (int i = 0; argv[i] && argv[i + 1]; ++i)
		if (!strcmp(argv[i], a) && !strcmp(argv[i + 1], b))
			return true;
	return false;
}

/* initcheck looks at shared memory only where the tool knows the option. */
static void test_initcheck_option_when_known(void)
{
	char dir[] = "/tmp/cj-sanitize-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	char *prog[] = {"/b/test", NULL};
	char *newer = fake_sanitizer(dir, "--initcheck-address-space arg (=device)");
	char **argv = sanitize_argv(newer, SAN_INITCHECK, "/w/i.log", prog);
	CHECK(has_args(argv, "--initcheck-address-space", "all"));
	CHECK(has_args(argv, "--tool", "initcheck"));
	free(argv);
	free(newer);
	char *older = fake_sanitizer(dir, "--track-unused-memory");
	argv = sanitize_argv(older, SAN_INITCHECK, "/w/i.log", prog);
	CHECK(!has_args(argv, "--initcheck-address-space", "all"));
	CHECK(has_args(argv, "--", "/b/test"));
	free(argv);
	CHECK(!sanitizer_has_option("/nonexistent/compute-sanitizer", "--help"));
	unlink(older);
	free(older);
	rmdir(dir);
}

/* Recorded logs: the learner's file is exercises/ID.cu under /repo. */
static void judge_as(const char *name, const char *id, enum sanitize_tool t, struct san_report *r,
                     struct san_judgement *j)
{
	char *learner = xasprintf("/repo/exercises/%s.cu", id);
	load(name, r);
	sanitize_judge(r, t, learner, ROOT, learner + strlen("/repo/"), j);
	free(learner);
}

/* Checks that the message judged from the log `name` says each of the
 * NULL-terminated needles. */
static void says_all(const char *name, const char *message, const char *const needles[])
{
	for (int i = 0; needles[i]; ++i)
		CHECK_MSG(strstr(message, needles[i]) != NULL, "%s: no '%s' in: %s", name,
		          needles[i], message);
}

/* Judges a recorded log and checks the verdict and the message's needles. */
static void expect_message(const char *name, const char *id, enum sanitize_tool t, enum verdict v,
                           const char *const needles[])
{
	struct san_report r;
	struct san_judgement j;
	judge_as(name, id, t, &r, &j);
	CHECK_MSG(j.verdict == v, "%s: verdict %d, not %d", name, (int)j.verdict, (int)v);
	says_all(name, j.message, needles);
	sanitize_report_free(&r);
}

static void test_h200_racecheck(void)
{
	struct san_report r;
	struct san_judgement j;
	/* no barrier between the slot writes and the reads */
	judge_as("h200_racecheck_raw.log", "block_reduce_sum", SAN_RACECHECK, &r, &j);
	CHECK_INT(r.n, ==, 2);
	CHECK_INT(r.errors_said, ==, 7070); /* the summary's total, not the 32 shown */
	CHECK_STR_EQ(r.f[0].hazard, "RAW");
	CHECK(r.f[0].have_address && r.f[0].address == 0x404);
	CHECK(r.f[0].have_block && r.f[0].block[0] == 13);
	CHECK_INT(j.verdict, ==, V_RACE);
	says_all("h200_racecheck_raw.log", j.message,
	         (const char *[]){"exercises/block_reduce_sum.cu:21 and "
	                          "exercises/block_reduce_sum.cu:24",
	                          "thread (32,0,0) (write) and then thread (1,0,0) (read)",
	                          "byte 0x404 of shared memory in block (13,0,0)", NULL});
	sanitize_report_free(&r);
	/* no barrier after the reads: the next call's writes overtake them */
	expect_message("h200_racecheck_war.log", "block_reduce_sum", SAN_RACECHECK, V_RACE,
	               (const char *[]){"write-after-read",
	                                "exercises/block_reduce_sum.cu:24 and "
	                                "exercises/block_reduce_sum.cu:21",
	                                NULL});
	/* 2-D blocks numbered by threadIdx.x alone: threads of two rows share a slot */
	expect_message("h200_racecheck_waw.log", "cg_reduce", SAN_RACECHECK, V_RACE,
	               (const char *[]){"exercises/cg_reduce.cu:20 (both accesses)",
	                                "thread (0,9,0) (write) and then thread (0,2,0) (write)",
	                                NULL});
}

static void test_h200_memcheck(void)
{
	struct san_report r;
	struct san_judgement j;
	judge_as("h200_memcheck_misaligned.log", "atomic_max_float", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.n, ==, 2); /* "Access to ... is misaligned" belongs to its error */
	CHECK_INT(r.errors_said, ==, 69);
	CHECK(r.f[0].have_address && r.f[0].address == 0x7fad98a50402ull);
	CHECK_STR_EQ(r.f[0].detail, "is misaligned");
	CHECK_INT(j.verdict, ==, V_RE);
	says_all("h200_memcheck_misaligned.log", j.message,
	         (const char *[]){"exercises/atomic_max_float.cu:11",
	                          "read 4 bytes of global memory at 0x7fad98a50402, which is "
	                          "not a multiple of the access size",
	                          NULL});
	sanitize_report_free(&r);
	/* a write through a pointer nothing allocated, then the failed calls after it */
	judge_as("h200_memcheck_null_write.log", "warp_vote", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.n, ==, 6);
	CHECK_INT(r.f[0].kind, ==, F_MEMORY);
	CHECK(r.f[0].have_address && r.f[0].address == 0x4);
	CHECK_INT(r.f[2].kind, ==, F_API);
	CHECK_INT(j.verdict, ==, V_RE);
	says_all("h200_memcheck_null_write.log", j.message,
	         (const char *[]){"exercises/warp_vote.cu:8: thread (32,0,0) of block (0,0,0) "
	                          "wrote 4 bytes of global memory at 0x4, which is outside "
	                          "every buffer",
	                          NULL});
	sanitize_report_free(&r);
	/* a failed device assert(): the tool names no line of the learner's */
	expect_message("h200_device_assert.log", "warp_scan", SAN_MEMCHECK, V_RE,
	               (const char *[]){"an error that stopped a kernel",
	                                "an assert() in device code failed in thread (0,0,0) of "
	                                "block (0,0,0)",
	                                NULL});
	/* Only failed calls (all device memory taken) or a program that ended
	 * before its first CUDA call: the log decides nothing, the run does. */
	judge_as("h200_out_of_memory.log", "warp_scan", SAN_MEMCHECK, &r, &j);
	CHECK_INT(r.errors_said, ==, 13);
	CHECK_INT(j.verdict, ==, V_AC);
	sanitize_report_free(&r);
	judge_as("h200_exit_before_cuda.log", "warp_scan", SAN_MEMCHECK, &r, &j);
	CHECK_INT(j.verdict, ==, V_AC);
	CHECK_MSG(strstr(j.tool_error, "terminated before first instrumented API call") != NULL,
	          "%s", j.tool_error);
	sanitize_report_free(&r);
}

/* A finding without a line, in the judge's own kernel, names no cj_ symbol;
 * a barrier-phase exercise's advice replaces "put a __syncthreads()". */
static void test_no_internal_names(void)
{
	struct san_finding f;
	memset(&f, 0, sizeof f);
	f.kind = F_HARDWARE;
	snprintf(f.what, sizeof f.what, "Illegal instruction");
	snprintf(f.at.func, sizeof f.at.func, "cj_scan_kernel(int const*, int*, int)");
	char out[1024];
	sanitize_describe(&f, LEARNER, ROOT, SHOWN, out, sizeof out);
	CHECK_MSG(!strstr(out, "cj_"), "%s", out);
	CHECK_MSG(strstr(out, "the exercise's kernel") != NULL, "%s", out);

	struct san_report r = {.f = &f, .n = 1, .cap = 1};
	memset(&f, 0, sizeof f);
	f.kind = F_HAZARD;
	snprintf(f.hazard, sizeof f.hazard, "RAW");
	snprintf(f.at.file, sizeof f.at.file, "%s", LEARNER);
	f.at.line = 12;
	snprintf(f.other.file, sizeof f.other.file, "%s", LEARNER);
	f.other.line = 14;
	struct san_judgement j;
	sanitize_judge_advised(&r, SAN_RACECHECK, LEARNER, ROOT, SHOWN, "wait on bar", &j);
	CHECK_INT(j.verdict, ==, V_RACE);
	CHECK_MSG(strstr(j.message, "wait on bar") && !strstr(j.message, "__syncthreads()"), "%s",
	          j.message);
}

static const struct unit_test tests[] = {
        {"no internal names, the exercise's own race advice", test_no_internal_names},
        {"memcheck: a learner's out-of-bounds write", test_memcheck_learner},
        {"memcheck: the older location format", test_memcheck_old_style},
        {"memcheck: the learner's line from a device frame", test_memcheck_inlined},
        {"memcheck: only the harness named is a JE", test_memcheck_harness},
        {"racecheck: hazard and analysis", test_racecheck_all},
        {"racecheck: the older hazard format", test_racecheck_old_style},
        {"synccheck: a divergent barrier", test_synccheck},
        {"initcheck: an uninitialised read", test_initcheck},
        {"an API error alone decides nothing", test_api_error_alone},
        {"a clean report", test_clean},
        {"the tool's own failure", test_tool_failed},
        {"printed look-alikes are ignored", test_spoofed_lines_ignored},
        {"tool names and the command line", test_tools_and_argv},
        {"initcheck's shared memory option only where known", test_initcheck_option_when_known},
        {"findings in Chinese", test_chinese},
        {"H200 logs: racecheck hazards", test_h200_racecheck},
        {"H200 logs: memcheck errors, asserts, failed calls", test_h200_memcheck},
        {0}};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&log_dir));
	return unit_main_after(tests, own, argc, argv);
}
