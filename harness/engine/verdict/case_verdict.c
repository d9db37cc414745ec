/* Each case's verdict once the test program has run: its outputs against
 * the golden model (then the exercise's own checks and diagnosis), its speed
 * rule, or how the run ended in it (a crash, a deadline, memory, the
 * emulator's or ThreadSanitizer's findings); and the summary's one line about
 * the first case that failed. Called by run/test_run.c. */
#include "verdict/case_verdict.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "report/lang.h"
#include "util.h"
#include "verdict/check.h"
#include "verdict/race_report.h"
#include "verdict/symbolize.h"
#include "wire.h"

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
		if (!o->diagnosis && backend_emulated(j) && shared_poison_seen(r))
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
	if (!rule || !o->c->measure || !(j->backend->supports & BACKEND_TIMES))
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

/* A program that ended by itself, with a status that is not the runtime's. */
static void blame_exit(const struct run_result *r, const char *name, struct case_outcome *o)
{
	o->verdict = V_RE;
	if (name)
		snprintf(o->detail, sizeof o->detail,
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
	struct run_limits limits; /* the learner's, before a tool's allowance */
	backend_default_limits(j, &limits);
	switch (r->end) {
	case RUN_TIMED_OUT:
		o->verdict = V_TLE;
		snprintf(o->detail, sizeof o->detail,
		         L("%sstill running%s after %.1f s (limit %.0f s): possible deadlock (a "
		           "__syncthreads() or a wait that not every thread reaches) or an "
		           "endless loop",
		           "%s%s运行 %.1f s 后仍未结束（上限 %.0f s）：可能是死锁（有线程到达不了"
		           "的 __syncthreads() 或等待），也可能是死循环"),
		         after, in_case, r->wall_s, limits.wall_s);
		break;
	case RUN_SIGNALED:
		if (r->signal == SIGXCPU || (r->signal == SIGKILL && r->cpu_s >= limits.cpu_s)) {
			o->verdict = V_TLE;
			snprintf(o->detail, sizeof o->detail,
			         L("%sused more than %.0f s of CPU time%s: %s",
			           "%s用了超过 %.0f s 的 CPU 时间%s：%s"),
			         after, limits.cpu_s, during,
			         backend_emulated(j)
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
		         L("%sthe program held more than %llu MiB of host memory, its limit%s, "
		           "and was stopped: allocate less host memory",
		           "%s程序占用的主机内存超过了上限 %llu "
		           "MiB%s，已被终止：请少分配一些主机内存"),
		         after, backend_memory_mb(j), during);
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
		         after, (unsigned long long)(limits.output_kill >> 20), during);
		break;
	default:
		blame_exit(r, name, o);
		break;
	}
}

/* With CUDAJUDGE_KEEP_SANITIZER_LOG=DIR, a copy of a sanitizer's report (a
 * compute-sanitizer log, or the emulated program's ThreadSanitizer output) as
 * DIR/ID-TOOL-PID.log: real reports to record as test data, or to read when
 * one is shown wrong. */
void keep_tool_report(const struct judgement *j, const char *tool, const char *text, size_t len)
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
			keep_tool_report(j, "threadsanitizer", r->output, strlen(r->output));
		const struct race_context ctx = {.root = j->o->root,
		                                 .learner = j->source,
		                                 .shown = j->sum.file,
		                                 .advice = problem_race_advice(j->prob)};
		int described = describe_race(r->output, &ctx, o->detail, sizeof o->detail);
		if (described == 1) {
			/* an access at no line of the learner's or the exercise's:
			 * ThreadSanitizer may not have placed its frames */
			char *placed = place_frames(r->output, bin);
			if (placed) {
				describe_race(placed, &ctx, o->detail, sizeof o->detail);
				keep_tool_report(j, "threadsanitizer-placed", placed,
				                 strlen(placed));
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

/* ------------------------------------------------------------------ */
/* Confinement and the sanitize backend                                */
/* ------------------------------------------------------------------ */

enum verdict decide_cases(struct judgement *j, struct case_set *set, struct run_result *r)
{
	enum verdict overall = V_AC;
	bool blamed = false;
	bool ended_badly = r->end != RUN_EXITED || r->exit_code != 0;
	for (int i = 0; i < set->n; ++i) {
		const struct cj_wire_case *rec = case_record(set, i);
		struct case_outcome *o = &j->out[j->nout];
		memset(o, 0, sizeof *o);
		o->c = &set->cases[i];
		o->time_ms = -1;
		o->verdict = V_AC;
		if (rec->state == CJ_CASE_DONE) {
			judge_outputs(j, o);
			if (o->verdict == V_AC)
				judge_speed(j, rec, o);
			if (o->verdict == V_AC && set->cases[i].timed) {
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
		} else if (rec->state == CJ_CASE_FAILED && r->end == RUN_EXITED &&
		           r->exit_code == CJ_EXIT_CASE_FAILED) {
			failed_case(o, rec);
			blamed = true;
		} else if (!blamed) {
			/* Started, or never reached although the program ended. */
			blame_emulated(j, j->bin, r, rec, o);
			if (o->verdict == V_AC) /* not an emulator finding */
				blame_run(j, r, o->c->name, o);
			if (o->verdict == V_TLE && r->end == RUN_TIMED_OUT && rec->error[0])
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
		blame_run(j, r, NULL, &o);
		overall = verdict_worse(overall, o.verdict);
		snprintf(j->message, sizeof j->message, "%s", o.detail);
	}
	return overall;
}

void say_first_failure(struct judgement *j)
{
	if (j->message[0])
		return;
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
