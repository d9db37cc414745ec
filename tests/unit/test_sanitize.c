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

/* An atomic access is neither a read nor a write. */
static void test_atomic_access(void)
{
	struct san_report r;
	struct san_judgement j;
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

/* An expected number; a field left out (set false) is not checked. */
struct want {
	bool set;
	long long v;
};
#define IS(x)                                                                                      \
	{                                                                                          \
		true, (long long)(x)                                                               \
	}

/* What one finding of a report must hold: its place in the report (1: the first; 0:
 * none wanted), numbers, words (NULL: not checked), words its allocation note
 * says and words sanitize_describe() says of it. thread, block and other_thread
 * are the x of the ones named; address, thread, block and other_thread must be named. */
struct finding_want {
	int nth;
	struct want kind, size, line, other_line, thread, block, other_thread, address, hazards,
	        nframes, owner;
	const char *space, *access, *file, *func, *detail, *allocation, *hazard, *severity,
	        *at_access, *other_access, *described;
};

/* A log of tests/unit/sanitizer/ judged for exercises/ID.cu in a language: the
 * report's numbers, up to two findings, the judgement's verdict and number counted,
 * words its message starts with, says (all of them) and does not say, and words the
 * tool's error says ("": that it has none). The exercise is block_reduce_sum and the
 * language English where a row does not say. */
static const struct log_case {
	const char *log, *id, *lang;
	enum sanitize_tool tool;
	struct want started, n, errors_said;
	struct finding_want f[2];
	enum verdict verdict;
	struct want counted;
	const char *starts, *says[6], *says_not, *tool_error;
	bool message_empty;
} log_cases[] = {
        /* clang-format off */
        /* a learner's out-of-bounds write; the second finding is its consequence */
        {.log = "memcheck_learner.log", .tool = SAN_MEMCHECK, .started = IS(true), .n = IS(2),
         .errors_said = IS(2),
         .f = {{.nth = 1, .kind = IS(F_MEMORY), .space = "global", .access = "write",
                .size = IS(4), .file = "/repo/exercises/block_reduce_sum.cu", .line = IS(17),
                .func = "block_reduce_sum(float)", .thread = IS(95), .block = IS(2),
                .address = IS(0x7f3a2c000180ull), .detail = "is out of bounds",
                .allocation = "4 bytes after the nearest allocation"},
               {.nth = 2, .kind = IS(F_API)}},
         .verdict = V_RE, .counted = IS(1),
         .says = {"exercises/block_reduce_sum.cu:17", "thread (95,0,0) of block (2,0,0)",
                  "0x7f3a2c000180", "wrote 4 bytes of global memory"},
         .says_not = "/repo"},
        /* the older location format */
        {.log = "memcheck_old_style.log", .tool = SAN_MEMCHECK, .n = IS(1),
         .f = {{.nth = 1, .line = IS(23), .func = "block_reduce_sum(float)",
                .detail = "is misaligned", .access = "read"}},
         .verdict = V_RE, .says = {"not a multiple of the access size"}},
        /* The glue's kernel made the access, but the learner's function (inlined
         * into it) is a device frame: the learner's line is the one shown. */
        {.log = "memcheck_inlined.log", .tool = SAN_MEMCHECK, .n = IS(1),
         .f = {{.nth = 1, .nframes = IS(2), .owner = IS(OWNER_LEARNER)}}, .verdict = V_RE,
         .says = {"exercises/block_reduce_sum.cu:12", "shared memory"}},
        /* only the judge's own code is named: never the learner's fault */
        {.log = "memcheck_harness.log", .tool = SAN_MEMCHECK,
         .f = {{.nth = 1, .owner = IS(OWNER_HARNESS)}}, .verdict = V_JE, .counted = IS(0),
         .says = {"judge's own code", "harness/problems/block_reduce_sum/glue.cuh:40"}},
        /* hazard and analysis: the hazard is preferred, it names the threads and the
         * address */
        {.log = "racecheck_all.log", .tool = SAN_RACECHECK, .n = IS(2),
         .f = {{.nth = 1, .kind = IS(F_HAZARD), .hazard = "RAW", .severity = "ERROR",
                .address = IS(4), .block = IS(0), .thread = IS(32), .other_thread = IS(1),
                .at_access = "Write", .other_access = "Read", .line = IS(20),
                .other_line = IS(23)},
               {.nth = 2, .kind = IS(F_RACE), .hazards = IS(248), .line = IS(20),
                .other_line = IS(23), .other_access = "Read", .described = "248 hazards"}},
         .verdict = V_RACE,
         .says = {"read-after-write", "thread (32,0,0) (write)", "thread (1,0,0) (read)",
                  "byte 0x4 of shared memory in block (0,0,0)",
                  "exercises/block_reduce_sum.cu:20 and exercises/block_reduce_sum.cu:23"}},
        /* the older hazard format */
        {.log = "racecheck_old_style.log", .tool = SAN_RACECHECK, .n = IS(1),
         .f = {{.nth = 1, .hazard = "WAW", .block = IS(3), .thread = IS(0),
                .other_thread = IS(1), .file = "/repo/exercises/block_reduce_sum.cu",
                .line = IS(7), .func = "block_reduce_sum(float)"}},
         .verdict = V_RACE, .says = {"write-after-write"}},
        /* a divergent barrier */
        {.log = "synccheck.log", .tool = SAN_SYNCCHECK, .n = IS(1),
         .f = {{.nth = 1, .kind = IS(F_BARRIER), .detail = "Divergent thread(s) in block"}},
         .verdict = V_RACE,
         .says = {"barrier error", "exercises/block_reduce_sum.cu:15",
                  "thread (37,0,0) of block (0,0,0)"}},
        /* an uninitialised read */
        {.log = "initcheck.log", .tool = SAN_INITCHECK,
         .f = {{.nth = 1, .kind = IS(F_UNINIT), .address = IS(0x7f1e4c200400ull)}},
         .verdict = V_RE, .says = {"nothing had written", "exercises/block_reduce_sum.cu:9"}},
        /* a failed CUDA call alone is the runtime's to report (it already is, as RE) */
        {.log = "api_only.log", .tool = SAN_MEMCHECK, .n = IS(1),
         .f = {{.nth = 1, .kind = IS(F_API)}}, .verdict = V_AC, .message_empty = true},
        {.log = "clean.log", .tool = SAN_RACECHECK, .started = IS(true), .n = IS(0),
         .errors_said = IS(0), .verdict = V_AC, .tool_error = ""},
        /* the tool's own failure: judge.c turns an unchecked AC into JE */
        {.log = "tool_failed.log", .tool = SAN_MEMCHECK, .f = {{.nth = 1, .kind = IS(F_TOOL)}},
         .verdict = V_AC, .tool_error = "terminated before first instrumented"},
        /* In Chinese (--lang zh) the findings are Chinese; places, threads, numbers
         * and the CUDA words stay as they are. */
        {.log = "memcheck_learner.log", .lang = "zh", .tool = SAN_MEMCHECK, .verdict = V_RE,
         .starts = "memcheck 发现了内存错误：",
         .says = {"exercises/block_reduce_sum.cu:17",
                  "线程 (95,0,0)（block (2,0,0)）写了 4 字节的 global memory"},
         .says_not = "wrote"},
        {.log = "racecheck_all.log", .lang = "zh", .tool = SAN_RACECHECK,
         .f = {{.nth = 2, .described = "248 个冒险"}}, .verdict = V_RACE,
         .starts = "racecheck 发现了数据竞争",
         .says = {"写后读（read-after-write）冒险", "线程 (32,0,0)（写）", "线程 (1,0,0)（读）",
                  "__syncthreads()"},
         .says_not = "memcheck"},
        /* Recorded on an H200. No barrier between the slot writes and the reads;
         * errors_said is the summary's total, not the 32 shown. */
        {.log = "h200_racecheck_raw.log", .tool = SAN_RACECHECK, .n = IS(2),
         .errors_said = IS(7070),
         .f = {{.nth = 1, .hazard = "RAW", .address = IS(0x404), .block = IS(13)}},
         .verdict = V_RACE,
         .says = {"exercises/block_reduce_sum.cu:21 and exercises/block_reduce_sum.cu:24",
                  "thread (32,0,0) (write) and then thread (1,0,0) (read)",
                  "byte 0x404 of shared memory in block (13,0,0)"}},
        /* no barrier after the reads: the next call's writes overtake them */
        {.log = "h200_racecheck_war.log", .tool = SAN_RACECHECK, .verdict = V_RACE,
         .says = {"write-after-read",
                  "exercises/block_reduce_sum.cu:24 and exercises/block_reduce_sum.cu:21"}},
        /* 2-D blocks numbered by threadIdx.x alone: threads of two rows share a slot */
        {.log = "h200_racecheck_waw.log", .id = "cg_reduce", .tool = SAN_RACECHECK, .verdict = V_RACE,
         .says = {"exercises/cg_reduce.cu:20 (both accesses)",
                  "thread (0,9,0) (write) and then thread (0,2,0) (write)"}},
        /* "Access to ... is misaligned" belongs to its error */
        {.log = "h200_memcheck_misaligned.log", .id = "atomic_max_float", .tool = SAN_MEMCHECK,
         .n = IS(2), .errors_said = IS(69),
         .f = {{.nth = 1, .address = IS(0x7fad98a50402ull), .detail = "is misaligned"}},
         .verdict = V_RE,
         .says = {"exercises/atomic_max_float.cu:11",
                  "read 4 bytes of global memory at 0x7fad98a50402, which is not a multiple "
                  "of the access size"}},
        /* a write through a pointer nothing allocated, then the failed calls after it */
        {.log = "h200_memcheck_null_write.log", .id = "warp_vote", .tool = SAN_MEMCHECK,
         .n = IS(6),
         .f = {{.nth = 1, .kind = IS(F_MEMORY), .address = IS(0x4)},
               {.nth = 3, .kind = IS(F_API)}},
         .verdict = V_RE,
         .says = {"exercises/warp_vote.cu:8: thread (32,0,0) of block (0,0,0) wrote 4 bytes "
                  "of global memory at 0x4, which is outside every buffer"}},
        /* a failed device assert(): the tool names no line of the learner's */
        {.log = "h200_device_assert.log", .id = "warp_scan", .tool = SAN_MEMCHECK, .verdict = V_RE,
         .says = {"an error that stopped a kernel",
                  "an assert() in device code failed in thread (0,0,0) of block (0,0,0)"}},
        /* Only failed calls (all device memory taken) or a program that ended
         * before its first CUDA call: the log decides nothing, the run does. */
        {.log = "h200_out_of_memory.log", .id = "warp_scan", .tool = SAN_MEMCHECK,
         .errors_said = IS(13), .verdict = V_AC},
        {.log = "h200_exit_before_cuda.log", .id = "warp_scan", .tool = SAN_MEMCHECK,
         .verdict = V_AC, .tool_error = "terminated before first instrumented API call"},
        /* clang-format on */
};

static void want_int(const struct log_case *c, int nth, const char *what, long long got,
                     struct want w)
{
	CHECK_MSG(!w.set || got == w.v, "%s (%s) finding %d: %s %lld, expected %lld", c->log,
	          c->lang ? c->lang : "en", nth, what, got, w.v);
}

static void want_str(const struct log_case *c, int nth, const char *what, const char *got,
                     const char *w)
{
	CHECK_MSG(!w || !strcmp(got, w), "%s (%s) finding %d: %s \"%s\", expected \"%s\"", c->log,
	          c->lang ? c->lang : "en", nth, what, got, w);
}

static void want_words(const struct log_case *c, const char *what, const char *text,
                       const char *words)
{
	CHECK_MSG(!words || strstr(text, words), "%s (%s): no '%s' in the %s: %s", c->log,
	          c->lang ? c->lang : "en", words, what, text);
}

/* The finding of the report that w wants, against w. */
static void check_finding(const struct log_case *c, const struct san_report *r,
                          const struct finding_want *w, const char *learner)
{
	CHECK_MSG(w->nth <= (int)r->n, "%s (%s): no finding %d of %zu", c->log,
	          c->lang ? c->lang : "en", w->nth, (size_t)r->n);
	if (w->nth > (int)r->n)
		return;
	const struct san_finding *f = &r->f[w->nth - 1];
	want_int(c, w->nth, "kind", f->kind, w->kind);
	want_int(c, w->nth, "size", f->size, w->size);
	want_int(c, w->nth, "line", f->at.line, w->line);
	want_int(c, w->nth, "other line", f->other.line, w->other_line);
	want_int(c, w->nth, "thread", f->have_thread ? f->thread[0] : -1, w->thread);
	want_int(c, w->nth, "block", f->have_block ? f->block[0] : -1, w->block);
	want_int(c, w->nth, "other thread", f->have_other_thread ? f->other_thread[0] : -1,
	         w->other_thread);
	want_int(c, w->nth, "address", f->have_address ? (long long)f->address : -1, w->address);
	want_int(c, w->nth, "hazards", f->hazards, w->hazards);
	want_int(c, w->nth, "frames", f->nframes, w->nframes);
	want_int(c, w->nth, "owner", sanitize_owner(f, learner, ROOT), w->owner);
	want_str(c, w->nth, "space", f->space, w->space);
	want_str(c, w->nth, "access", f->access, w->access);
	want_str(c, w->nth, "file", f->at.file, w->file);
	want_str(c, w->nth, "function", f->at.func, w->func);
	want_str(c, w->nth, "detail", f->detail, w->detail);
	want_str(c, w->nth, "hazard", f->hazard, w->hazard);
	want_str(c, w->nth, "severity", f->severity, w->severity);
	want_str(c, w->nth, "access at", f->at_access, w->at_access);
	want_str(c, w->nth, "other access", f->other_access, w->other_access);
	want_words(c, "allocation", f->allocation, w->allocation);
	char text[1024];
	sanitize_describe(f, learner, ROOT, learner + strlen("/repo/"), text, sizeof text);
	want_words(c, "description", text, w->described);
}

static void check_log_case(const struct log_case *c)
{
	const char *id = c->id ? c->id : "block_reduce_sum";
	CHECK_INT(lang_set(c->lang ? c->lang : "en"), ==, 0);
	struct san_report r;
	struct san_judgement j;
	judge_as(c->log, id, c->tool, &r, &j);
	want_int(c, 0, "started", r.started, c->started);
	want_int(c, 0, "findings", (long long)r.n, c->n);
	want_int(c, 0, "errors said", r.errors_said, c->errors_said);
	char *learner = xasprintf("/repo/exercises/%s.cu", id);
	for (int i = 0; i < 2; ++i)
		if (c->f[i].nth)
			check_finding(c, &r, &c->f[i], learner);
	free(learner);
	CHECK_MSG(j.verdict == c->verdict, "%s (%s): verdict %d, not %d", c->log,
	          c->lang ? c->lang : "en", (int)j.verdict, (int)c->verdict);
	want_int(c, 0, "counted", j.counted, c->counted);
	CHECK_MSG(!c->starts || strstr(j.message, c->starts) == j.message,
	          "%s (%s): the message does not start with '%s': %s", c->log,
	          c->lang ? c->lang : "en", c->starts, j.message);
	for (int i = 0; c->says[i]; ++i)
		want_words(c, "message", j.message, c->says[i]);
	CHECK_MSG(!c->says_not || !strstr(j.message, c->says_not),
	          "%s (%s): '%s' in the message: %s", c->log, c->lang ? c->lang : "en", c->says_not,
	          j.message);
	CHECK_MSG(!c->message_empty || !*j.message, "%s (%s): a message: %s", c->log,
	          c->lang ? c->lang : "en", j.message);
	if (c->tool_error && !*c->tool_error)
		CHECK_MSG(!*j.tool_error, "%s (%s): a tool error: %s", c->log,
		          c->lang ? c->lang : "en", j.tool_error);
	else
		want_words(c, "tool's error", j.tool_error, c->tool_error);
	sanitize_report_free(&r);
	lang_set("en");
}

static void test_logs(void)
{
	for (size_t i = 0; i < sizeof log_cases / sizeof *log_cases; ++i)
		check_log_case(&log_cases[i]);
}

/* The harness's finding with the learner's file elsewhere is still the harness's. */
static void test_harness_finding_elsewhere(void)
{
	struct san_report r;
	struct san_judgement j;
	load("memcheck_harness.log", &r);
	sanitize_judge(&r, SAN_MEMCHECK, "/elsewhere/mine.cu", ROOT, "mine.cu", &j);
	CHECK_INT(j.verdict, ==, V_JE);
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
        {"the logs judged: memcheck, racecheck, synccheck, initcheck, the tool's own failure, "
         "in English and Chinese, recorded on an H200",
         test_logs},
        {"memcheck: an atomic access", test_atomic_access},
        {"memcheck: only the harness named is a JE, wherever the learner's file is",
         test_harness_finding_elsewhere},
        {"printed look-alikes are ignored", test_spoofed_lines_ignored},
        {"tool names and the command line", test_tools_and_argv},
        {"initcheck's shared memory option only where known", test_initcheck_option_when_known},
        {0}};

int main(int argc, char **argv)
{
	int own = unit_arguments(argc, argv, UNIT_OWN(&log_dir));
	return unit_main_after(tests, own, argc, argv);
}
