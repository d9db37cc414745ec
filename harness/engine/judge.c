/*
 * Judging one file; see judge.h.
 *
 * Theory of operation: the engine compiles the learner's translation unit
 * (learner file + problem glue) and links it with the runtime into a test
 * binary. It then builds the cases itself from a seed (inputs in a memfd,
 * golden outputs in its own memory), starts the test binary under
 * supervision with the memfd as its only channel, and, once the binary has
 * ended, reads the outputs and the per-case records back and decides each
 * case's verdict. Nothing the test binary prints or returns can make a case
 * pass: only output bytes equal to the golden model do.
 */
#include "judge.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#include "../problems/problem.h"
#include "cases.h"
#include "catalog.h"
#include "compile.h"
#include "race_report.h"
#include "device.h"
#include "lang.h"
#include "report.h"
#include "rules.h"
#include "sanitize.h"
#include "symbolize.h"
#include "supervise.h"
#include "util.h"
#include "verdict.h"

#ifndef CJ_DEFAULT_CC
#define CJ_DEFAULT_CC 90
#endif

#define CASE_RESERVE_BYTES ((uint64_t)16 << 30) /* virtual: the memfd is sparse */
#define WARMUP_LAUNCHES 3

struct judgement {
	const struct judge_options *o;
	const struct problem_entry *entry;
	const struct problem *prob;
	struct build_paths paths;
	struct device_info dev;
	struct summary sum;
	struct case_outcome out[CASES_MAX];
	char *case_json[CASES_MAX];
	int nout;
	char message[1664]; /* a case name and its detail */
	char note[256];     /* one line about the backend, e.g. why the emulator */
	bool emulated;      /* the emu backend runs the cases */
	double t0;
	struct rules_outcome rules; /* the RULE check, decided before the run */
	const char *work;           /* the run's scratch folder: the test binary's cwd */
	char *sanitizer;            /* compute-sanitizer when the sanitize backend runs */
	enum sanitize_tool tool;    /* the tool of the run being made */
	char learner_real[4096];    /* the judged file's real path (sanitizer locations) */
	/* The trusted runner's inputs (docs/trusted-runner.md): the learner's
	 * module, and the reference's for the timed case; NULL when the test
	 * binary is a linked one (host-driven exercises, the emulator). */
	const char *module;
	char *ref_module;
};

static void finish(struct judgement *j)
{
	j->sum.total_s = now_s() - j->t0;
	j->sum.message = j->message;
	j->sum.note = j->note[0] ? j->note : NULL;
	report_summary(&j->sum, j->case_json, j->nout);
	for (int i = 0; i < j->nout; ++i)
		free(j->case_json[i]);
}

/* The emulator runs every CUDA thread as a fiber on one core, often on a busy
 * machine, so wall time says little there: an emulated run may use the
 * catalog's wall_s in CPU time, and gets EMU_WALL_SCALE times wall_s on the
 * clock as a backstop. Deadlocks do not wait for either: the emulator's
 * watchdog reports a thread that makes no progress for 3 s. */
#define EMU_WALL_SCALE 3

static double wall_limit(const struct judgement *j)
{
	return j->entry->limits.wall_s * (j->emulated ? EMU_WALL_SCALE : 1);
}

static double cpu_limit(const struct judgement *j)
{
	return j->emulated ? j->entry->limits.wall_s : j->entry->limits.cpu_s;
}

static struct run_limits learner_limits(const struct judgement *j)
{
	const struct problem_entry *e = j->entry;
	struct run_limits lim = {
	        .wall_s = wall_limit(j),
	        .cpu_s = cpu_limit(j),
	        .memory_bytes = e->limits.memory_mb << 20,
	        .output_keep = e->limits.output_kb << 10,
	        .output_kill = (uint64_t)64 << 20,
	};
	return lim;
}

static const char *signal_words(int sig)
{
	switch (sig) {
	case SIGSEGV:
		return L("a segmentation fault (a bad host pointer?)",
		         "段错误（segmentation fault：主机指针有误？）");
	case SIGABRT:
		return "abort()";
	case SIGBUS:
		return L("a bus error", "总线错误（bus error）");
	case SIGFPE:
		return L("an arithmetic exception", "算术异常");
	case SIGKILL:
		return L("SIGKILL (out of memory?)", "SIGKILL（内存不足？）");
	default:
		return strsignal(sig);
	}
}

/* True when a shown mismatch holds the emulator's shared-memory poison. */
static bool shared_poison_seen(const struct buffer_report *r)
{
	for (int i = 0; i < r->nshown; ++i)
		if ((r->shown[i].got_bits & 0x7fffffffu) == CJ_EMU_SHARED_POISON)
			return true;
	return (r->last.got_bits & 0x7fffffffu) == CJ_EMU_SHARED_POISON;
}

/* Element-wise comparison, then the problem's own checks. */
static void judge_outputs(struct judgement *j, struct case_outcome *o)
{
	const struct jcase *c = o->c;
	o->f.bad_buf = -1;
	for (int b = 0; b < c->nbuf; ++b) {
		const struct jbuf *jb = &c->buf[b];
		if (jb->role == CJ_IN || jb->by_extra)
			continue;
		struct buffer_report r;
		compare_buffer_poisoned(jb->elem, jb->data, jb->expect, jb->scale, jb->count,
		                        &j->entry->check, jb->poison * 0x01010101u, &r);
		if (r.bad && o->f.bad_buf < 0) {
			o->f.bad_buf = b;
			o->f.report = r;
		}
	}
	if (o->f.bad_buf < 0 && j->prob->check_extra) {
		char why[sizeof o->f.extra] = "";
		if (!j->prob->check_extra(c, why, sizeof why)) {
			o->verdict = V_WA;
			memcpy(o->f.extra, why, sizeof why);
			memcpy(o->detail, why, sizeof why);
		}
	}
	if (o->f.bad_buf >= 0) {
		o->verdict = V_WA;
		const struct buffer_report *r = &o->f.report;
		/* the exercise's own diagnosis names the mistake; the poison only how */
		if (j->prob->diagnose)
			o->diagnosis = j->prob->diagnose(c, &o->f);
		if (!o->diagnosis && j->emulated && shared_poison_seen(r))
			o->diagnosis = L(
			        "some results carry the emulator's mark for shared memory "
			        "that nothing wrote (a NaN with payload 0xdead): a read of a "
			        "__shared__ slot before any thread stored to it, such as a "
			        "slot of a warp that does not exist",
			        "有些结果带着模拟器给从未写入的 shared memory 做的标记（payload 为 "
			        "0xdead 的 NaN）：在任何线程写入之前就读了某个 __shared__ "
			        "位置，例如属于一个并不存在的 warp 的位置");
		if (!o->diagnosis && r->unwritten == r->bad)
			o->diagnosis = L("the wrong elements were never written (they still hold "
			                 "the poison value): does every thread store its result?",
			                 "出错的元素从未被写入（仍是填充的毒值）：每个线程都写回了"
			                 "自己的结果吗？");
	}
}

/* ---- speed rules and host-memory findings (glue.h, struct speed_rule) ----
 * Runs after the outputs passed. Page-locked memory that is not page-locked
 * breaks the exercise's rule (RULE). Host code that blocked on work the glue
 * held back took the time of the hold (TLE). A speed rule missed is TLE: the answer is
 * right but the program took too long compared with what it must beat, in
 * the same run, which is what "time limit" means for these exercises. */
static void judge_speed(const struct judgement *j, const struct cj_wire_case *rec,
                        struct case_outcome *o)
{
	if (rec->host_flags & CJ_HOST_PAGEABLE) {
		o->verdict = V_RULE;
		snprintf(o->detail, sizeof o->detail, "%s",
		         L("the results are right, but the host memory your code allocated is "
		           "pageable (cudaPointerGetAttributes says so): copies from it cannot run "
		           "asynchronously, so nothing overlaps. Allocate it page-locked with "
		           "cudaMallocHost or cudaHostAlloc (and free it with cudaFreeHost)",
		           "结果正确，但你的代码分配的主机内存是可分页的（cudaPointerGetAttributes "
		           "如此报告）：从它出发的复制无法异步进行，所以什么也重叠不了。请用 "
		           "cudaMallocHost 或 cudaHostAlloc 分配页锁定内存（并用 cudaFreeHost "
		           "释放）"));
		return;
	}
	if (rec->host_flags & CJ_HOST_BLOCKED) {
		o->verdict = V_TLE;
		snprintf(
		        o->detail, sizeof o->detail, "%s",
		        L("the results are right, but your host code waited for GPU work that "
		          "the judge was holding back, and returned only when the hold gave up: "
		          "a wait on the host (cudaStreamSynchronize, cudaEventSynchronize, "
		          "cudaDeviceSynchronize) where the GPU should wait (cudaStreamWaitEvent)",
		          "结果正确，但你的主机代码在等待评测故意扣住的 GPU 工作，直到扣留超时才"
		          "返回：这是在主机端等待（cudaStreamSynchronize、cudaEventSynchronize、"
		          "cudaDeviceSynchronize），而这里应该让 GPU 等待（cudaStreamWaitEvent）"));
		return;
	}
	const struct speed_rule *rule = j->prob->speed;
	if (!rule || !o->c->measure || j->emulated)
		return;
	if (rec->measured_reps == 0 || rec->learner_ms <= 0 || rec->baseline_ms <= 0) {
		if (j->o->prebuilt)
			return; /* a stand-in test binary measures nothing */
		o->verdict = V_JE;
		snprintf(o->detail, sizeof o->detail,
		         L("judge bug: case '%s' should have measured the speed against %s, but "
		           "the test program reported no measurement",
		           "评测程序的 bug：用例 '%s' 本应测量相对于 %s 的速度，但测试程序没有报告"
		           "任何测量结果"),
		         o->c->name, lang_pick(rule->baseline));
		return;
	}
	o->speed.reps = rec->measured_reps;
	o->speed.learner_ms = rec->learner_ms;
	o->speed.baseline_ms = rec->baseline_ms;
	o->speed.speedup = rec->baseline_ms / rec->learner_ms;
	o->speed.needs = rule->min_speedup;
	if (o->speed.speedup >= rule->min_speedup)
		return;
	o->verdict = V_TLE;
	snprintf(o->detail, sizeof o->detail,
	         L("correct but too slow: %.2fx as fast as %s (%.3f ms against %.3f ms, "
	           "medians of %u runs each in this run), needs %.2fx. %s",
	           "结果正确但太慢：速度只有 %.2fx（与 %s 相比：%.3f ms 对 %.3f ms，均为本次运行"
	           "中各 %u 次的中位数），要求至少 %.2fx。%s"),
	         o->speed.speedup, lang_pick(rule->baseline), o->speed.learner_ms,
	         o->speed.baseline_ms, o->speed.reps, rule->min_speedup, lang_pick(rule->advice));
}

/* The case the run was inside when it ended badly gets the blame; `name` is
 * that case, or NULL when every case had finished. */
static void blame_run(const struct judgement *j, const struct run_result *r, const char *name,
                      struct case_outcome *o)
{
	char during[96] = "", in_case[96] = "";
	if (name) {
		snprintf(during, sizeof during, L(" during case '%s'", "（在用例 '%s' 中）"), name);
		snprintf(in_case, sizeof in_case, L(" case '%s'", "用例 '%s' "), name);
	}
	const char *after = name ? "" : L("after the last case: ", "最后一个用例之后：");
	switch (r->end) {
	case RUN_TIMED_OUT:
		o->verdict = V_TLE;
		snprintf(o->detail, sizeof o->detail,
		         L("%sstill running%s after %.1f s (limit %.0f s): possible deadlock (a "
		           "__syncthreads() or a wait that not every thread reaches) or an "
		           "endless loop",
		           "%s%s运行 %.1f s 后仍未结束（上限 %.0f s）：可能是死锁（有线程到达不了"
		           "的 __syncthreads() 或等待），也可能是死循环"),
		         after, in_case, r->wall_s, wall_limit(j));
		break;
	case RUN_SIGNALED:
		if (r->signal == SIGXCPU || (r->signal == SIGKILL && r->cpu_s >= cpu_limit(j))) {
			o->verdict = V_TLE;
			snprintf(o->detail, sizeof o->detail,
			         L("%sused more than %.0f s of CPU time%s: %s",
			           "%s用了超过 %.0f s 的 CPU 时间%s：%s"),
			         after, cpu_limit(j), during,
			         j->emulated
			                 ? L("an endless loop, or a wait that never ends",
			                     "死循环，或永远结束不了的等待")
			                 : L("an endless loop on the host?", "主机端有死循环？"));
		} else {
			o->verdict = V_RE;
			snprintf(o->detail, sizeof o->detail,
			         L("%sthe program was killed by %s%s", "%s程序因%s被终止%s"), after,
			         signal_words(r->signal), during);
		}
		break;
	case RUN_MEMORY:
		o->verdict = V_RE;
		snprintf(o->detail, sizeof o->detail,
		         L("%sthe program held more than %llu MiB of host memory%s and was "
		           "stopped",
		           "%s程序占用了超过 %llu MiB 的主机内存%s，已被终止"),
		         after, (unsigned long long)(r->peak_rss >> 20), during);
		break;
	case RUN_EXECED:
		o->verdict = V_RE;
		snprintf(o->detail, sizeof o->detail,
		         L("%sthe program replaced itself with another program (execve)%s: only "
		           "the judged code may run",
		           "%s程序把自己替换成了另一个程序（execve）%s：只允许运行被评测的代码"),
		         after, during);
		break;
	case RUN_OUTPUT_FLOOD:
		o->verdict = V_RE;
		snprintf(o->detail, sizeof o->detail,
		         L("%sthe program printed more than %llu MiB%s",
		           "%s程序输出超过了 %llu MiB%s"),
		         after, (unsigned long long)(learner_limits(j).output_kill >> 20), during);
		break;
	default:
		o->verdict = V_RE;
		if (name)
			snprintf(
			        o->detail, sizeof o->detail,
			        L("the program ended (exit status %d) in the middle of case '%s': "
			          "does the code call exit() or return from a host function early?",
			          "程序结束了（退出状态 %d），而用例 '%s' "
			          "还没有做完：代码是否调用了 "
			          "exit()，或在主机函数里提前 return 了？"),
			        r->exit_code, name);
		else
			snprintf(o->detail, sizeof o->detail,
			         L("after the last case: the program ended with exit status %d "
			           "instead of 0: does the code call exit()?",
			           "最后一个用例之后：程序以退出状态 %d 结束，而不是 "
			           "0：代码是否调用了 "
			           "exit()？"),
			         r->exit_code);
		break;
	}
}

/* With CUDAJUDGE_KEEP_SANITIZER_LOG=DIR, a copy of a sanitizer's report (a
 * compute-sanitizer log, or the emulated program's ThreadSanitizer output) as
 * DIR/ID-TOOL-PID.log: real reports to record as test data, or to read when
 * one is shown wrong. */
static void keep_report(const struct judgement *j, const char *tool, const char *text, size_t len)
{
	const char *keep = getenv("CUDAJUDGE_KEEP_SANITIZER_LOG");
	if (!keep || !*keep)
		return;
	char *copy = xasprintf("%s/%s-%s-%d.log", keep, j->entry->id, tool, (int)getpid());
	FILE *f = fopen(copy, "w");
	if (f) {
		fwrite(text, 1, len, f);
		fclose(f);
	}
	free(copy);
}

/* The emulator's own findings: a deadlock, a partial-warp collective, or
 * a data race found by ThreadSanitizer. Leaves o->verdict AC otherwise. */
static void blame_emulated(const struct judgement *j, const char *bin, const struct run_result *r,
                           const struct cj_wire_case *rec, struct case_outcome *o)
{
	if (r->end != RUN_EXITED)
		return;
	char error[sizeof rec->error + 1];
	memcpy(error, rec->error, sizeof rec->error);
	error[sizeof rec->error] = '\0';
	if (r->exit_code == CJ_EXIT_DEADLOCK) {
		o->verdict = V_TLE;
		snprintf(o->detail, sizeof o->detail, "%s", relative_to(error, j->o->root));
	} else if (r->exit_code == CJ_EXIT_RACE) {
		o->verdict = V_RACE;
		snprintf(o->detail, sizeof o->detail, "%s", error);
	} else if (r->exit_code == CJ_EXIT_SANITIZER) {
		if (r->output)
			keep_report(j, "threadsanitizer", r->output, strlen(r->output));
		const struct race_context ctx = {.root = j->o->root,
		                                 .learner = j->learner_real,
		                                 .shown = j->sum.file,
		                                 .advice = problem_race_advice(j->prob)};
		int described = describe_race(r->output, &ctx, o->detail, sizeof o->detail);
		if (described == 1) {
			/* an access at no line of the learner's or the exercise's:
			 * ThreadSanitizer may not have placed its frames */
			char *placed = place_frames(r->output, bin);
			if (placed) {
				describe_race(placed, &ctx, o->detail, sizeof o->detail);
				keep_report(j, "threadsanitizer-placed", placed, strlen(placed));
			}
			free(placed);
		}
		if (described >= 0)
			o->verdict = V_RACE;
	}
	/* Paths in the emulator's words are absolute: show them from the root. */
	char *root = xasprintf("%s/", j->o->root);
	for (char *p; (p = strstr(o->detail, root));)
		memmove(p, p + strlen(root), strlen(p + strlen(root)) + 1);
	free(root);
}

static void failed_case(struct case_outcome *o, const struct cj_wire_case *rec)
{
	o->verdict = V_RE;
	if (rec->guard_buf >= 0 && rec->guard_buf < o->c->nbuf) {
		const struct jbuf *b = &o->c->buf[rec->guard_buf];
		snprintf(o->detail, sizeof o->detail,
		         L("a write landed %lld %s %s buffer '%s' (%llu elements): an index "
		           "out of bounds",
		           "有一次写入落在 buffer 之外 %lld %s处（%s，buffer '%s' 有 %llu "
		           "个元素）：下标越界"),
		         (long long)rec->guard_offset + 1,
		         rec->guard_offset ? L("bytes", "字节") : L("byte", "字节"),
		         rec->guard_side < 0 ? L("before", "在开头之前")
		                             : L("past the end of", "在末尾之后"),
		         b->name, (unsigned long long)b->count);
	} else {
		char error[sizeof rec->error + 1];
		memcpy(error, rec->error, sizeof rec->error);
		error[sizeof rec->error] = '\0';
		if (rec->cuda_error == 0 && error[0]) /* the emulator's fault report, */
			snprintf(o->detail, sizeof o->detail, "%s", error); /* named by its case */
		else
			snprintf(o->detail, sizeof o->detail,
			         L("CUDA error in case '%s': %s", "用例 '%s' 中出现 CUDA 错误：%s"),
			         o->c->name, error[0] ? error : L("unknown", "未知"));
	}
}

/* Timing of the timed case against the measured copy bandwidth. */
static void fill_timing(struct judgement *j, const struct cj_wire_case *rec)
{
	struct timing *t = &j->sum.timing;
	t->have = rec->reps > 0 && rec->median_ms > 0;
	if (!t->have)
		return;
	t->median_ms = rec->median_ms;
	t->min_ms = rec->min_ms;
	t->max_ms = rec->max_ms;
	t->reps = rec->reps;
	double bytes = (double)j->entry->perf.n * j->entry->perf.bytes_per_elem;
	t->gbps = bytes / (t->median_ms * 1e-3) / 1e9;
	t->copy_gbps = j->dev.copy_gbps;
	t->pct_of_copy = t->copy_gbps > 0 ? 100.0 * t->gbps / t->copy_gbps : 0;
	t->tier = t->pct_of_copy >= 90   ? "gold"
	          : t->pct_of_copy >= 80 ? "silver"
	          : t->pct_of_copy >= 50 ? "bronze"
	                                 : NULL;
	t->ref_median_ms = -1;
}

static int spawn_test(struct judgement *j, const char *bin, struct case_set *set,
                      struct run_result *r);

/* ------------------------------------------------------------------ */
/* Confinement and the sanitize backend                                */
/* ------------------------------------------------------------------ */

#define DEFAULT_RSS_MB 4096 /* host memory a test binary may hold, unless limits say */

/* Learner code may not fork, exec another program, hold more than the
 * memory limit of host memory, or write outside its scratch folder (and
 * /dev, for the GPU driver). Under compute-sanitizer the tool itself forks
 * the program and talks to it through files of its own, so only the
 * scratch folder as working directory, the memory cap (over the process
 * group, four times as large) and longer time limits remain. */
static void confine(const struct judgement *j, struct run_limits *lim)
{
	static const char *dirs[5];
	lim->cwd = j->work;
	uint64_t mb = j->entry->limits.memory_mb ? j->entry->limits.memory_mb : DEFAULT_RSS_MB;
	lim->rss_bytes = mb << 20;
	if (j->sanitizer) {
		/* The tool's own memory counts too (the whole process group). */
		lim->rss_bytes *= 4;
		lim->wall_s = lim->wall_s * 6 > 60 ? lim->wall_s * 6 : 60;
		lim->cpu_s = lim->cpu_s > 0 ? lim->wall_s * 4 : 0;
		return;
	}
	/* Switches for finding out whether a driver needs what is forbidden. */
	lim->no_fork = !getenv("CUDAJUDGE_ALLOW_FORK");
	lim->same_program = true;
	if (j->work && !getenv("CUDAJUDGE_NO_LANDLOCK")) {
		/* The driver writes to files of its own process under /proc. */
		dirs[0] = "/dev";
		dirs[1] = "/proc/self";
		dirs[2] = j->work;
		dirs[3] = getenv("CUDAJUDGE_LANDLOCK_ALLOW"); /* one more folder, for diagnosis */
		dirs[4] = NULL;
		lim->write_dirs = dirs;
		/* What it may read besides: the system (libraries, the CUDA toolkit and
		 * driver, /proc, /sys) and the build folder (its own program, the
		 * reference's module). Not the repository's references or catalog, not a
		 * roster or a grading folder, not anyone's home. */
		static const char *reads[] = {"/usr",  "/lib", "/lib64", "/lib32", "/etc", "/opt",
		                              "/proc", "/sys", "/run",   NULL,     NULL};
		reads[9] = j->o->build;
		if (!getenv("CUDAJUDGE_READ_ANYWHERE")) /* for diagnosis */
			lim->read_dirs = reads;
	}
}

static char *sanitizer_log(const struct judgement *j)
{
	return xasprintf("%s/sanitizer-%s.log", j->work ? j->work : ".",
	                 sanitize_tool_name(j->tool));
}

/* Reads the log of the run just made with j->tool and applies it: a finding
 * in the learner's code replaces the verdict, as it explains a wrong output or
 * a crash better than the symptom does; one in the harness is a JE. True when
 * the log decided the verdict. */
static bool apply_sanitizer_log(struct judgement *j)
{
	char *log_path = sanitizer_log(j);
	size_t log_len = 0;
	char *log = read_file(log_path, &log_len);
	free(log_path);
	if (log)
		keep_report(j, sanitize_tool_name(j->tool), log, log_len);
	struct san_report rep;
	sanitize_parse(log ? log : "", &rep);
	struct san_judgement sj;
	sanitize_judge_advised(&rep, j->tool, j->learner_real, j->o->root, j->sum.file,
	                       problem_race_advice(j->prob), &sj);
	bool decided = false;
	if (sj.verdict != V_AC && j->sum.verdict != V_JE) {
		j->sum.verdict = sj.verdict;
		snprintf(j->message, sizeof j->message, "%s", sj.message);
		decided = true;
	} else if (j->sum.verdict == V_AC && (!log || !rep.started || sj.tool_error[0])) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message,
		         L("compute-sanitizer (%s) did not check the program: %s. Run `python3 "
		           "judge.py doctor`, and `%s --version` to see whether it works here",
		           "compute-sanitizer（%s）没有检查程序：%s。请运行 `python3 judge.py "
		           "doctor`，并用 `%s --version` 看看它在这里能否工作"),
		         sanitize_tool_name(j->tool),
		         sj.tool_error[0] ? sj.tool_error
		                          : L("it wrote no report", "它没有写出报告"),
		         j->sanitizer);
		decided = true;
	}
	sanitize_report_free(&rep);
	free(log);
	return decided;
}

/* After the first tool's run was judged: the other tools asked for, each
 * on the same small cases, until one finds something. A wrong answer does
 * not stop them: a race or a stray write is the better explanation of it. */
static void sanitize_remaining(struct judgement *j, const char *bin, struct case_set *set)
{
	enum sanitize_tool first = j->tool;
	bool decided = apply_sanitizer_log(j);
	for (int t = first + 1;
	     t < SAN_TOOLS && !decided && (j->sum.verdict == V_AC || j->sum.verdict == V_WA); ++t) {
		if (!(j->o->sanitize_tools & (1u << t)))
			continue;
		j->tool = (enum sanitize_tool)t;
		case_set_publish(set, 0, 0, 0);
		struct run_result r;
		if (spawn_test(j, bin, set, &r) == 0 && r.end != RUN_NOT_STARTED) {
			j->sum.run_s += r.wall_s;
			decided = apply_sanitizer_log(j);
		}
		run_result_free(&r);
	}
}

static int spawn_test(struct judgement *j, const char *bin, struct case_set *set,
                      struct run_result *r)
{
	char fd[16], cc[16];
	snprintf(fd, sizeof fd, "%d", set->fd);
	snprintf(cc, sizeof cc, "%d", j->dev.cc);
	char *argv[] = {(char *)bin, "--wire", fd, "--expect-cc", cc, NULL, NULL, NULL, NULL, NULL};
	if (j->module) {
		int k = 5;
		argv[k++] = "--module";
		argv[k++] = (char *)j->module;
		if (j->ref_module && !j->sanitizer) {
			argv[k++] = "--reference";
			argv[k++] = j->ref_module;
		}
	}
	struct run_limits lim = learner_limits(j);
	/* The emulator (harness/emu/emu.cpp) words its own reports in CJ_LANG. */
	setenv("CJ_LANG", lang_current == LANG_ZH ? "zh" : "en", 1);
	confine(j, &lim);
	if (!j->sanitizer)
		return run_supervised(argv, set->fd, &lim, r);
	char *log = sanitizer_log(j);
	unlink(log);
	char **wrapped = sanitize_argv(j->sanitizer, j->tool, log, argv);
	int rc = run_supervised(wrapped, set->fd, &lim, r);
	free(wrapped);
	free(log);
	return rc;
}

/* Runs the reference on the timed case alone; fills ref_median_ms. */
static void time_reference(struct judgement *j, struct case_set *ref)
{
	report_phase("reference", "start", -1);
	double t = now_s();
	char *bin = NULL;
	struct build_result br;
	build_reference(&j->paths, j->entry->id, j->dev.cc, &bin, &br);
	if (br.status != BUILD_OK) {
		snprintf(j->message + strlen(j->message), sizeof j->message - strlen(j->message),
		         L(" (the reference did not build, so there is no ratio: %.200s)",
		           "（参考解没有构建成功，所以没有比值：%.200s）"),
		         br.log);
	} else {
		case_set_publish(ref, WARMUP_LAUNCHES, j->entry->perf.reps, 1);
		struct run_result r;
		if (spawn_test(j, bin, ref, &r) == 0 && r.end == RUN_EXITED && r.exit_code == 0) {
			const struct cj_wire_case *rec = case_record(ref, 0);
			if (rec->reps > 0 && rec->median_ms > 0) {
				j->sum.timing.ref_median_ms = rec->median_ms;
				j->sum.timing.ratio_to_ref =
				        j->sum.timing.median_ms / rec->median_ms;
			}
		}
		run_result_free(&r);
	}
	free(br.log);
	free(bin);
	j->sum.reference_s = now_s() - t;
	report_phase("reference", "done", j->sum.reference_s);
}

static int timed_index(const struct case_set *set)
{
	for (int i = 0; i < set->n; ++i)
		if (set->cases[i].timed)
			return i;
	return -1;
}

/* Runs on the device take build/device.lock, so that nothing shares the
 * device with a run that measures time, whoever started it (check judging
 * ahead, another terminal). With CUDAJUDGE_SHARE_DEVICE set, runs that
 * measure nothing (check's, every run under compute-sanitizer) share it and
 * only timed cases and speed rules hold it alone; CUDAJUDGE_DEVICE_ALONE then
 * makes one run exclusive again (check judges so a file whose device memory
 * ran out while others ran beside it). Everyone queues at build/device.turn
 * first and holds it only until the device lock is theirs: a run waiting to
 * be alone keeps later sharing runs out, so a stream of overlapping sharing
 * runs cannot starve it. Returns the lock's descriptor, or -1 when there is
 * none to take. */
#define DEVICE_LOCK_WAIT_S 900.0

/* One lock per GPU: a process uses the first device of CUDA_VISIBLE_DEVICES (device 0
 * when unset), so `judge.py grade --gpus` workers on different GPUs never wait for each
 * other, and any run on device 0 shares build/device.lock as before. */
static char *device_lock_path(const char *build, const char *what)
{
	const char *v = getenv("CUDA_VISIBLE_DEVICES");
	size_t n = v ? strcspn(v, ",") : 0;
	if (!n || (n == 1 && v[0] == '0'))
		return xasprintf("%s/device.%s", build, what);
	char tag[64];
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < sizeof tag; ++i)
		tag[k++] = isalnum((unsigned char)v[i]) || v[i] == '-' ? v[i] : '_';
	tag[k] = 0;
	return xasprintf("%s/device-%s.%s", build, tag, what);
}

static int take_device_lock(const char *build, bool shared)
{
	const char *share = getenv("CUDAJUDGE_SHARE_DEVICE"); /* set empty: off, as unset */
	if (!share || !*share || getenv("CUDAJUDGE_DEVICE_ALONE"))
		shared = false;
	char *turn_path = device_lock_path(build, "turn");
	int turn = open(turn_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(turn_path);
	if (turn >= 0 && flock_deadline(turn, LOCK_EX, DEVICE_LOCK_WAIT_S) != 0) {
		close(turn);
		turn = -1;
	}
	char *path = device_lock_path(build, "lock");
	int fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
	free(path);
	/* A deadline: a holder that hangs cannot keep every later judgement waiting. */
	if (fd >= 0 && flock_deadline(fd, shared ? LOCK_SH : LOCK_EX, DEVICE_LOCK_WAIT_S) != 0) {
		close(fd);
		fd = -1;
	}
	if (turn >= 0)
		close(turn); /* releases the turn */
	return fd;
}

/* Runs the built test binary and decides the verdicts. */
static void run_and_check(struct judgement *j, const char *bin)
{
	char err[256];
	struct case_set set, ref = {.fd = -1};
	uint64_t seed = j->sum.seed;
	double t = now_s();
	if (case_set_init(&set, CASE_RESERVE_BYTES, err, sizeof err) != 0) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message,
		         L("cannot prepare the cases: %s", "无法准备测试用例：%s"), err);
		return;
	}
	struct rng rng;
	rng_seed(&rng, seed);
	/* Integer outputs are poisoned with a byte that changes from run to run. */
	set.int_poison = (uint8_t)rng_range(&rng, 0x81, 0xfe);
	struct case_plan plan = {
	        .timed = !j->o->no_perf && j->entry->perf.n > 0 && !j->emulated && !j->rules.n &&
	                 !j->sanitizer,
	        /* The sanitizers are slow too: the emulator's small sizes suit them. */
	        .emulated = j->emulated || j->sanitizer,
	};
	j->prob->make_cases(&set, &rng, j->entry, &plan);
	int timed = timed_index(&set);
	if (timed >= 0 && j->module && !j->o->prebuilt)
		j->ref_module = reference_module(&j->paths, j->entry->id, j->dev.cc, CJ_DEFAULT_CC);
	if (timed >= 0 && !j->module && case_set_copy_one(&ref, &set, timed, err, sizeof err) != 0)
		timed = -1; /* no reference timing, but the learner is still judged */
	case_set_publish(&set, WARMUP_LAUNCHES, j->entry->perf.reps, 1);
	uint64_t inputs_before = case_set_hash_inputs(&set);
	bool measures = timed >= 0;
	for (int i = 0; i < set.n; ++i)
		measures |= set.cases[i].measure && !j->sanitizer;
	j->sum.cases_s = now_s() - t;
	t = now_s();
	int lock = j->emulated ? -1 : take_device_lock(j->o->build, !measures);
	j->sum.wait_s = now_s() - t;

	report_phase("run", "start", -1);
	struct run_result r;
	if (spawn_test(j, bin, &set, &r) != 0 || r.end == RUN_NOT_STARTED) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message,
		         L("cannot start the test program: %s", "无法启动测试程序：%s"), r.error);
		goto out;
	}
	j->sum.run_s = r.wall_s;
	report_phase("run", "done", r.wall_s);
	j->sum.program_output = r.output;

	/* The emulator needs no device: its exit 5 is the learner's (_exit(5)). */
	if (!j->emulated && r.end == RUN_EXITED && r.exit_code == CJ_EXIT_NO_DEVICE) {
		j->sum.verdict = V_JE;
		/* The runtime says on stderr which call failed. */
		const char *out = r.output ? r.output : "";
		int len = (int)strcspn(out, "\n");
		char why[320] = "";
		if (len)
			snprintf(why, sizeof why, " (%.*s)", len > 300 ? 300 : len, out);
		snprintf(j->message, sizeof j->message,
		         L("the CUDA device could not be used%s: run `python3 judge.py doctor`",
		           "无法使用 CUDA 设备%s：请运行 `python3 judge.py doctor`"),
		         why);
		goto out;
	}
	if (r.end == RUN_EXITED && r.exit_code == CJ_EXIT_BAD_WIRE &&
	    ((const struct cj_wire_header *)set.base)->mapped != CJ_WIRE_MAPPED) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message, "%s",
		         L("the test program could not read its cases", "测试程序读不到它的用例"));
		goto out;
	}
	if (r.end == RUN_EXITED && r.exit_code == CJ_EXIT_WRONG_ARCH) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message, "%s",
		         L("the device is not the one the judge remembered: run `python3 judge.py "
		           "doctor` and judge again",
		           "设备与评测记录的不一致：请运行 `python3 judge.py doctor` 后重新评测"));
		device_query(j->paths.build, true, &j->dev);
		goto out;
	}

	enum verdict overall = V_AC;
	bool blamed = false;
	bool ended_badly = r.end != RUN_EXITED || r.exit_code != 0;
	if (case_set_hash_inputs(&set) != inputs_before) {
		/* The runtime never writes inputs: the learner's code reached into
		 * the judge's case file. Nothing it left there can be trusted. */
		j->sum.verdict = V_RE;
		snprintf(j->message, sizeof j->message, "%s",
		         L("the program wrote into the judge's input data (the case file), so no "
		           "case can be judged",
		           "程序写入了评测的输入数据（用例文件），因此没有一个用例能被评判"));
		goto out;
	}
	for (int i = 0; i < set.n; ++i) {
		const struct cj_wire_case *rec = case_record(&set, i);
		struct case_outcome *o = &j->out[j->nout];
		memset(o, 0, sizeof *o);
		o->c = &set.cases[i];
		o->time_ms = -1;
		o->verdict = V_AC;
		if (rec->state == CJ_CASE_DONE) {
			judge_outputs(j, o);
			if (o->verdict == V_AC)
				judge_speed(j, rec, o);
			if (o->verdict == V_AC && set.cases[i].timed) {
				fill_timing(j, rec);
				if (j->sum.timing.have && rec->ref_reps > 0 &&
				    rec->ref_median_ms > 0) {
					/* timed in turn with the learner's code by the runner */
					j->sum.timing.ref_median_ms = rec->ref_median_ms;
					j->sum.timing.ratio_to_ref =
					        j->sum.timing.median_ms / rec->ref_median_ms;
				}
				o->time_ms = j->sum.timing.have ? j->sum.timing.median_ms : -1;
			}
		} else if (rec->state == CJ_CASE_FAILED && r.end == RUN_EXITED &&
		           r.exit_code == CJ_EXIT_CASE_FAILED) {
			failed_case(o, rec);
			blamed = true;
		} else if (!blamed) {
			/* Started, or never reached although the program ended. */
			blame_emulated(j, bin, &r, rec, o);
			if (o->verdict == V_AC) /* not an emulator finding */
				blame_run(j, &r, o->c->name, o);
			if (o->verdict == V_TLE && r.end == RUN_TIMED_OUT && rec->error[0])
				snprintf(o->detail + strlen(o->detail),
				         sizeof o->detail - strlen(o->detail), ". %.*s",
				         (int)sizeof rec->error, rec->error);
			blamed = true;
		} else {
			break;
		}
		overall = verdict_worse(overall, o->verdict);
		j->case_json[j->nout] = report_case(j->prob, o);
		j->nout++;
		if (o->verdict == V_TLE || o->verdict == V_RE)
			break;
	}
	if (ended_badly && !blamed) {
		/* Every case finished, then the program hung or crashed. */
		struct case_outcome o = {.verdict = V_AC};
		blame_run(j, &r, NULL, &o);
		overall = verdict_worse(overall, o.verdict);
		snprintf(j->message, sizeof j->message, "%s", o.detail);
	}
	j->sum.verdict = overall;
	strip_race_report(r.output); /* said in the case's words above */
	if (j->sanitizer)
		sanitize_remaining(j, bin, &set);
	if (!j->message[0]) {
		const struct case_outcome *first = NULL;
		for (int i = 0; i < j->nout && !first; ++i)
			if (j->out[i].verdict != V_AC)
				first = &j->out[i];
		if (!first)
			snprintf(j->message, sizeof j->message,
			         L("all %d cases passed", "全部 %d 个用例通过"), j->nout);
		else if (first->detail[0])
			snprintf(j->message, sizeof j->message, L("case '%s': %s", "用例 '%s'：%s"),
			         first->c->name, first->detail);
		else /* a plain mismatch: the case itself carries the counts */
			snprintf(j->message, sizeof j->message,
			         L("case '%s': %llu of %llu elements of '%s' differ",
			           "用例 '%s'：%llu / %llu 个元素不一致（'%s'）"),
			         first->c->name, (unsigned long long)first->f.report.bad,
			         (unsigned long long)first->f.report.total,
			         first->c->buf[first->f.bad_buf].name);
	}
	if (overall == V_AC && timed >= 0 && j->sum.timing.have && !j->o->prebuilt && !j->module)
		time_reference(j, &ref); /* linked test binaries: a run of the reference's own */
out:
	if (lock >= 0)
		close(lock);
	r.output = NULL; /* handed to the summary */
	run_result_free(&r);
	case_set_free(&set);
	if (ref.base)
		case_set_free(&ref);
}

/* Order: CE, then the cases; code whose output is right but that breaks a
 * rule gets RULE. A wrong output keeps its own verdict (WA, RE, TLE, RACE:
 * the report that explains it matters first), and the message adds the
 * broken rules. Without a device to run on, RULE replaces the JE. */
static void rule_verdict(struct judgement *j, const char *shown, bool ran)
{
	const char *output = ran ? verdict_name(j->sum.verdict) : NULL;
	bool output_right = ran && j->sum.verdict == V_AC;
	struct strbuf b = {0};
	if (ran && !output_right)
		sb_printf(&b, L("%s; it also breaks ", "%s；另外还违反了"), j->message);
	for (int i = 0; i < j->rules.n; ++i) {
		const struct rule_violation *v = &j->rules.v[i];
		if (i)
			sb_puts(&b, "; ");
		if (v->required)
			sb_printf(&b,
			          L("rule '%s': this exercise requires it and %s never uses it",
			            "规则 '%s'：本题要求使用它，而 %s 从未用到"),
			          rule_name(v->rule), shown);
		else
			sb_printf(&b,
			          L("rule '%s': this exercise forbids it and %s:%d uses it (%s)",
			            "规则 '%s'：本题禁止使用它，而 %s:%d 用到了它（%s）"),
			          rule_name(v->rule), shown, v->line, v->what);
	}
	if (!ran)
		sb_puts(&b, L(". The output was not checked (no device to run it on)",
		              "。输出没有检查（没有可以运行它的设备）"));
	else if (output_right)
		sb_printf(&b,
		          L(". Apart from that, the output was right on all %d cases",
		            "。除此之外，全部 %d 个用例的输出都正确"),
		          j->nout);
	char *msg = sb_take(&b);
	snprintf(j->message, sizeof j->message, "%s", msg);
	free(msg);
	j->sum.rules_json = rules_json(&j->rules, shown, output);
	if (!ran || output_right)
		j->sum.verdict = V_RULE;
}

/* Why the emulator cannot judge the exercise: problems.yaml's skip.emu, or
 * skip.emu_zh in Chinese when it has one. */
static const char *emu_skip_reason(const struct problem_entry *e)
{
	if (lang_current == LANG_ZH && e->emu_skip_reason_zh)
		return e->emu_skip_reason_zh;
	return e->emu_skip_reason ? e->emu_skip_reason : L("it needs a GPU", "它需要 GPU");
}

/* A file that uses CUB, Thrust or cuBLAS cannot compile for the emulator (g++
 * has none of them), where a GPU compiles it and judges it RULE: the verdict
 * is the rule's, not CE. True when it was. */
static bool emu_library_rule(struct judgement *j, const char *shown)
{
	for (int i = 0; i < j->rules.n; ++i) {
		const struct rule_violation *v = &j->rules.v[i];
		if (v->rule != RULE_LIBRARIES || v->required)
			continue;
		j->sum.verdict = V_RULE;
		snprintf(j->message, sizeof j->message,
		         L("rule '%s': this exercise forbids it and %s:%d uses it (%s). The CPU "
		           "emulator cannot compile these libraries, so the output was not "
		           "checked; write the code with the exercise's own primitives",
		           "规则 '%s'：本题禁止使用它，而 %s:%d 用到了它（%s）。CPU 模拟器无法"
		           "编译这些库，所以输出没有检查；请用本题要求的原语来写"),
		         rule_name(v->rule), shown, v->line, v->what);
		j->sum.rules_json = rules_json(&j->rules, shown, NULL);
		return true;
	}
	return false;
}

/* A learner's file that #includes a reference solution is not its own work. */
static bool reference_included(struct judgement *j, const char *work, const char *source)
{
	char *used = build_used_reference(work, j->o->root, source);
	if (!used)
		return false;
	j->sum.verdict = V_RULE;
	snprintf(j->message, sizeof j->message,
	         L("%s includes %s, a reference solution: the judge takes only code you "
	           "wrote yourself",
	           "%s 包含了参考解 %s：评测只接受你自己写的代码"),
	         j->sum.file, used);
	free(used);
	return true;
}

/* The sanitize backend's preconditions; true when they failed and the
 * summary has been reported. */
static bool sanitize_gate(struct judgement *j, const char *nvcc)
{
	if (!(j->entry->backends & BACKEND_SANITIZE) && !j->o->prebuilt) {
		j->sum.verdict = V_SKIP;
		j->sum.backend = "sanitize";
		const char *why = lang_current == LANG_ZH && j->entry->sanitize_skip_reason_zh
		                          ? j->entry->sanitize_skip_reason_zh
		                          : j->entry->sanitize_skip_reason;
		if (why) /* problems.yaml skip.sanitize */
			snprintf(
			        j->message, sizeof j->message,
			        L("%s is not judged under compute-sanitizer: %s (problems.yaml:%d)",
			          "%s 不在 compute-sanitizer 下评测：%s（problems.yaml:%d）"),
			        j->entry->id, why, j->entry->line);
		else
			snprintf(j->message, sizeof j->message,
			         L("%s is not judged under compute-sanitizer (problems.yaml:%d "
			           "lists its backends without sanitize)",
			           "%s 不在 compute-sanitizer 下评测（problems.yaml:%d 列出的后端"
			           "里没有 sanitize）"),
			         j->entry->id, j->entry->line);
		finish(j);
		return true;
	}
	j->sanitizer = find_sanitizer(nvcc);
	for (int t = 0; t < SAN_TOOLS; ++t)
		if (j->o->sanitize_tools & (1u << t)) {
			j->tool = (enum sanitize_tool)t;
			break;
		}
	if (!j->sanitizer) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message, "%s",
		         L("compute-sanitizer was not found (looked next to nvcc, in "
		           "$CUDA_PATH/bin, $CUDA_HOME/bin, PATH and /usr/local/cuda/bin): it "
		           "comes with the CUDA toolkit; install the toolkit's sanitizer (e.g. the "
		           "cuda-sanitizer package) or set COMPUTE_SANITIZER to its path",
		           "找不到 compute-sanitizer（找过 nvcc 旁边、$CUDA_PATH/bin、"
		           "$CUDA_HOME/bin、PATH 和 /usr/local/cuda/bin）：它随 CUDA toolkit "
		           "提供；请安装 toolkit 的 sanitizer（例如 cuda-sanitizer 包），或把 "
		           "COMPUTE_SANITIZER 设为它的路径"));
		finish(j);
		return true;
	}
	return false;
}

static bool real_path(const char *file, char *out)
{
	return realpath(file, out) != NULL;
}

int judge_file(const struct judge_options *o)
{
	struct judgement *j = xcalloc(1, sizeof *j);
	j->o = o;
	j->t0 = now_s();
	j->sum.backend = "none";
	j->sum.verdict = V_JE;
	j->sum.seed = o->have_seed ? o->seed : rng_fresh_seed();

	char err[1024];
	struct catalog cat;
	char *yaml = xasprintf("%s/problems.yaml", o->root);
	if (catalog_load(yaml, "problems.yaml", &cat, err, sizeof err) != 0)
		die("%s", err);
	free(yaml);
	j->entry = catalog_find(&cat, o->id);
	if (!j->entry)
		die(L("unknown exercise '%s' (python3 judge.py list shows them all)",
		      "没有练习 '%s'（python3 judge.py list 会列出全部练习）"),
		    o->id);
	j->prob = problem_find(j->entry->id);
	if (!j->prob)
		die(L("exercise '%s' has no harness yet (problems.yaml:%d)",
		      "练习 '%s' 还没有评测程序（problems.yaml:%d）"),
		    j->entry->id, j->entry->line);
	j->sum.id = j->entry->id;

	char source[PATH_MAX];
	if (!real_path(o->file, source))
		die(L("cannot read %s: %s", "无法读取 %s：%s"), o->file, strerror(errno));
	char *shown = xstrdup(relative_to(source, o->root));
	j->sum.file = shown;

	char *nvcc = find_nvcc(), *cxx = find_cxx();
	j->paths =
	        (struct build_paths){.root = o->root, .build = o->build, .nvcc = nvcc, .cxx = cxx};

	if (o->prebuilt) {
		/* Tests of the judging logic: a stand-in for the test binary, no device. */
		j->sum.backend = "test";
		j->dev.cc = 0;
		j->emulated = o->backend && !strcmp(o->backend, "emu"); /* sizes the cases */
		j->sum.compile_log = xstrdup("");
		/* --backend sanitize: the stand-in runs under $COMPUTE_SANITIZER. */
		char *scratch = NULL;
		if (o->backend && !strcmp(o->backend, "sanitize")) {
			scratch = xasprintf("%s/work/%s-%d-%08x", o->build, j->entry->id,
			                    (int)getpid(), (unsigned)((uint64_t)(now_s() * 1e9)));
			if (make_dirs(scratch) != 0)
				die(L("cannot create %s: %s", "无法创建 %s：%s"), scratch,
				    strerror(errno));
			j->work = scratch;
			snprintf(j->learner_real, sizeof j->learner_real, "%s", source);
		}
		if (!scratch || !sanitize_gate(j, NULL)) {
			run_and_check(j, o->prebuilt);
			finish(j);
		}
		if (scratch)
			remove_tree(scratch);
		free(scratch);
		free(j->sanitizer);
		int code = verdict_exit_code(j->sum.verdict);
		free((char *)j->sum.compile_log);
		free((char *)j->sum.program_output);
		free(nvcc);
		free(cxx);
		free(shown);
		catalog_free(&cat);
		free(j);
		return code;
	}

	/* Which backend: the one asked for, else the GPU when there is one, else
	 * the emulator when the exercise allows it. */
	const char *want = o->backend ? o->backend : "auto";
	bool sanitize = !strcmp(want, "sanitize");
	if (strcmp(want, "emu") != 0) {
		report_phase("device", "start", -1);
		device_query(o->build, false, &j->dev);
		report_phase("device", "done", -1);
	}
	bool can_emulate = (j->entry->backends & BACKEND_EMU) != 0;
	j->emulated =
	        !strcmp(want, "emu") || (!strcmp(want, "auto") && !j->dev.found && can_emulate);
	if (j->dev.found && !j->emulated) {
		j->sum.backend = sanitize ? "sanitize" : "gpu";
		j->sum.device = &j->dev;
	}
	snprintf(j->learner_real, sizeof j->learner_real, "%s", source);

	char *work_root = xasprintf("%s/work", o->build);
	clean_stale_work(work_root, 60); /* what engines killed mid-run left */
	free(work_root);
	/* The pid alone is not unique: engines in PID namespaces of their own
	 * (grade inside bubblewrap) share it. */
	char *work =
	        xasprintf("%s/work/%s-%d-%08x", o->build, j->entry->id, (int)getpid(),
	                  (unsigned)(((uint64_t)(now_s() * 1e9)) ^ ((uint64_t)getpid() << 20)));
	char *bin = xasprintf("%s/test", work);
	remove_tree(work);
	if (make_dirs(work) != 0)
		die(L("cannot create %s: %s", "无法创建 %s：%s"), work, strerror(errno));
	int owner = claim_work_folder(work); /* held until this engine ends */
	(void)owner;

	struct build_result br = {.log = NULL};
	j->work = work;
	if (sanitize && sanitize_gate(j, nvcc))
		goto done;
	if (j->emulated && !can_emulate) {
		j->sum.verdict = V_SKIP;
		snprintf(j->message, sizeof j->message,
		         L("the CPU emulator cannot judge %s: %s", "CPU 模拟器无法评测 %s：%s"),
		         j->entry->id, emu_skip_reason(j->entry));
		j->sum.backend = "emu";
		finish(j);
		goto done;
	}
	if (j->emulated && !cxx) {
		j->sum.verdict = V_JE;
		snprintf(
		        j->message, sizeof j->message, "%s",
		        L("the emulator needs a C++ compiler (g++) and none was found: "
		          "sudo apt-get install -y g++",
		          "模拟器需要 C++ 编译器（g++），但没有找到：sudo apt-get install -y g++"));
		finish(j);
		goto done;
	}
	if (!j->emulated && !nvcc) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message, "%s",
		         L("nvcc (the CUDA compiler) was not found: install the CUDA toolkit, or "
		           "add its bin folder (usually /usr/local/cuda/bin) to PATH",
		           "找不到 nvcc（CUDA 编译器）：请安装 CUDA toolkit，或把它的 bin 目录"
		           "（通常是 /usr/local/cuda/bin）加入 PATH"));
		finish(j);
		goto done;
	}
	if (j->emulated) {
		j->sum.backend = "emu";
		snprintf(
		        j->note, sizeof j->note, "%s",
		        !strcmp(want, "emu")
		                ? L("judged on the CPU emulator (correctness only, no timing)",
		                    "在 CPU 模拟器上评测（只检查正确性，不计时）")
		                : L("no CUDA device found: judged on the CPU emulator (correctness "
		                    "only, no timing)",
		                    "没有找到 CUDA 设备：在 CPU 模拟器上评测（只检查正确性，"
		                    "不计时）"));
	}

	struct rules_job rules_job;
	rules_start(&j->paths, j->entry, source, j->dev.found ? j->dev.cc : CJ_DEFAULT_CC, work,
	            &rules_job);
	report_phase("compile", "start", -1);
	/* Device code goes into a module for the exercise's trusted runner;
	 * host-driven exercises (and the emulator) link a test binary. */
	bool use_module = !j->emulated && !problem_is_host_driven(j->entry->id);
	char *module = use_module ? xasprintf("%s/learner.cubin", work) : NULL;
	if (j->emulated)
		build_emulated_binary(&j->paths, j->entry->id, source, work, bin,
		                      j->entry->coresident, &br);
	else if (use_module)
		build_module(&j->paths, j->entry->id, source,
		             j->dev.found ? j->dev.cc : CJ_DEFAULT_CC, work, module, &br);
	else
		build_test_binary(&j->paths, j->entry->id, source,
		                  j->dev.found ? j->dev.cc : CJ_DEFAULT_CC, work, bin,
		                  !j->dev.found, &br);
	if (use_module) {
		free(bin);
		bin = runner_path(&j->paths, j->entry->id);
		j->module = module;
		if (br.status == BUILD_OK && j->dev.found && access(bin, X_OK) != 0) {
			br.status = BUILD_TOOL_FAILED;
			free(br.log);
			br.log = xasprintf(
			        L("the exercise's runner %s is missing: rebuild the judge "
			          "(ninja -C build)",
			          "本题的运行程序 %s 不存在：请重新构建评测（ninja -C build）"),
			        relative_to(bin, o->root));
		}
	}
	report_phase("compile", "done", br.compile_s);
	j->sum.compile_s = br.compile_s;
	j->sum.link_s = br.link_s;
	j->sum.compile_log = br.log;
	if (br.status == BUILD_OK) { /* CE first, then RULE (rules.h) */
		report_phase("rules", "start", -1);
		rules_finish(&rules_job, j->entry, &j->rules);
		report_phase("rules", "done", j->rules.wait_s);
		if (!j->rules.n)
			j->sum.rules_json = rules_json(&j->rules, shown, NULL);
	} else if (j->emulated && br.status == BUILD_COMPILE_FAILED) {
		/* g++ has no CUB or Thrust: see emu_library_rule */
		rules_finish(&rules_job, j->entry, &j->rules);
	} else {
		rules_cancel(&rules_job);
	}

	switch (br.status) {
	case BUILD_COMPILE_FAILED:
		if (j->emulated && emu_library_rule(j, shown))
			break;
		/* fall through */
	case BUILD_LINK_FAILED:
		j->sum.verdict = V_CE;
		if (br.host_code)
			snprintf(
			        j->message, sizeof j->message,
			        L("%s has code where only device code belongs (the message above "
			          "says where and why): in this exercise the judge compiles your "
			          "file "
			          "as device code only and runs it from its own host code",
			          "%s "
			          "在只允许设备代码的地方写了别的代码（上面的信息说明了位置和原因）"
			          "：本题评测只把你的文件当作设备代码编译，并由它自己的主机代码运"
			          "行"),
			        shown);
		else if (br.object_refused)
			snprintf(j->message, sizeof j->message,
			         L("%s compiles, but its host code does something this exercise "
			           "does "
			           "not allow (the message above says what and where): the judge "
			           "runs only the functions it calls, and they may use the CUDA "
			           "runtime, memory, printing and maths",
			           "%s 能编译，但它的主机代码做了本题不允许的事（上面的信息说明了"
			           "内容和位置）：评测只运行它调用的函数，这些函数可以使用 CUDA "
			           "运行时、内存、打印和数学函数"),
			         shown);
		else if (br.status == BUILD_COMPILE_FAILED)
			snprintf(j->message, sizeof j->message,
			         L("%s does not compile; the compiler's messages are above",
			           "%s 编译失败，编译器的信息在上面"),
			         shown);
		else
			snprintf(j->message, sizeof j->message,
			         L("%s does not link; the compiler's messages are above",
			           "%s 链接失败，编译器的信息在上面"),
			         shown);
		if (strstr(br.log, "harness/problems/"))
			snprintf(j->message + strlen(j->message),
			         sizeof j->message - strlen(j->message),
			         L(". The judge calls `%s`: define it with exactly this signature",
			           "。评测会调用 `%s`：请完全按照这个签名定义它"),
			         j->entry->signature);
		break;
	case BUILD_TOOL_FAILED:
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message,
		         L("the compiler failed to run: %.300s", "编译器没能运行：%.300s"), br.log);
		break;
	case BUILD_OK:
		if (reference_included(j, work, source))
			break;
		if (!j->dev.found && !j->emulated) {
			j->sum.verdict = V_JE;
			snprintf(
			        j->message, sizeof j->message,
			        L("%s compiled, but no CUDA device was found (%s), so it cannot be "
			          "run here%s. Judge it on a machine with an NVIDIA GPU; `python3 "
			          "judge.py doctor` checks the set-up",
			          "%s 编译通过了，但没有找到 CUDA "
			          "设备（%s），所以无法在这里运行%s。"
			          "请在有 NVIDIA GPU 的机器上评测；`python3 judge.py doctor` "
			          "可以检查"
			          "环境"),
			        shown, j->dev.error[0] ? j->dev.error : L("no device", "没有设备"),
			        can_emulate ? ""
			                    : L(", and the CPU emulator cannot judge this exercise",
			                        "，而且 CPU 模拟器无法评测这道练习"));
		} else {
			run_and_check(j, bin);
		}
		if (j->rules.n && (j->sum.verdict != V_JE || (!j->dev.found && !j->emulated)))
			rule_verdict(j, shown, j->dev.found || j->emulated);
		break;
	}
	finish(j);
done:;
	int code = verdict_exit_code(j->sum.verdict);
	free((char *)j->sum.program_output);
	free(br.log);
	free((char *)j->sum.rules_json);
	free(cxx);
	remove_tree(work);
	free(work);
	free(bin);
	free((char *)j->module);
	free(j->ref_module);
	free(nvcc);
	free(j->sanitizer);
	free(shown);
	catalog_free(&cat);
	free(j);
	return code;
}
