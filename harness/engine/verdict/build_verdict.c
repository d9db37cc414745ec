/* The verdict of a build and of the rules beside the run's: a CE or a JE
 * for a build that failed (in the learner's words), RULE for a file that
 * includes a reference or a library the emulator cannot compile, and how
 * broken rules combine with what the cases said. Called by judge.c. */
#include "verdict/build_verdict.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "build/compiler.h"
#include "report/lang.h"
#include "util.h"

/* A file that uses CUB, Thrust or cuBLAS cannot compile for the emulator (g++
 * has none of them), where a GPU compiles it and judges it RULE: the verdict
 * is the rule's, not CE. True when it was. */
bool emu_library_rule(struct judgement *j)
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
		         rule_name(v->rule), j->sum.file, v->line, v->what);
		j->sum.rules_json = rules_json(&j->rules, j->sum.file, NULL);
		return true;
	}
	return false;
}

void build_failed(struct judgement *j, const struct build_result *br)
{
	if (br->status == BUILD_TOOL_FAILED) {
		j->sum.verdict = V_JE;
		snprintf(j->message, sizeof j->message,
		         L("the compiler failed to run: %.300s", "编译器没能运行：%.300s"),
		         j->sum.compile_log);
		return;
	}
	j->sum.verdict = V_CE;
	if (br->host_code)
		snprintf(j->message, sizeof j->message,
		         L("%s has code where only device code belongs (the message above "
		           "says where and why): in this exercise the judge compiles your "
		           "file "
		           "as device code only and runs it from its own host code",
		           "%s "
		           "在只允许设备代码的地方写了别的代码（上面的信息说明了位置和原因）"
		           "：本题评测只把你的文件当作设备代码编译，并由它自己的主机代码运"
		           "行"),
		         j->sum.file);
	else if (br->object_refused)
		snprintf(j->message, sizeof j->message,
		         L("%s compiles, but its host code does something this exercise "
		           "does "
		           "not allow (the message above says what and where): the judge "
		           "runs only the functions it calls, and they may use the CUDA "
		           "runtime, memory, printing and maths",
		           "%s 能编译，但它的主机代码做了本题不允许的事（上面的信息说明了"
		           "内容和位置）：评测只运行它调用的函数，这些函数可以使用 CUDA "
		           "运行时、内存、打印和数学函数"),
		         j->sum.file);
	else if (br->status == BUILD_COMPILE_FAILED)
		snprintf(j->message, sizeof j->message,
		         L("%s does not compile; the compiler's messages are above",
		           "%s 编译失败，编译器的信息在上面"),
		         j->sum.file);
	else
		snprintf(j->message, sizeof j->message,
		         L("%s does not link; the compiler's messages are above",
		           "%s 链接失败，编译器的信息在上面"),
		         j->sum.file);
	if (strstr(j->sum.compile_log, "harness/problems/"))
		snprintf(j->message + strlen(j->message), sizeof j->message - strlen(j->message),
		         L(". The judge calls `%s`: define it with exactly this signature",
		           "。评测会调用 `%s`：请完全按照这个签名定义它"),
		         j->entry->signature);
}

void no_device_to_run(struct judgement *j)
{
	j->sum.verdict = V_JE;
	snprintf(j->message, sizeof j->message,
	         L("%s compiled, but no CUDA device was found (%s), so it cannot be "
	           "run here%s. Judge it on a machine with an NVIDIA GPU; `python3 "
	           "judge.py doctor` checks the set-up",
	           "%s 编译通过了，但没有找到 CUDA "
	           "设备（%s），所以无法在这里运行%s。"
	           "请在有 NVIDIA GPU 的机器上评测；`python3 judge.py doctor` "
	           "可以检查"
	           "环境"),
	         j->sum.file, j->dev.error[0] ? j->dev.error : L("no device", "没有设备"),
	         (j->entry->backends & BACKEND_EMU)
	                 ? ""
	                 : L(", and the CPU emulator cannot judge this exercise",
	                     "，而且 CPU 模拟器无法评测这道练习"));
}

bool reference_included(struct judgement *j)
{
	char *used = build_used_reference(j->work, j->o->root, j->source);
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

/* Order: CE, then the cases; code whose output is right but that breaks a
 * rule gets RULE. A wrong output keeps its own verdict (WA, RE, TLE, RACE:
 * the report that explains it matters first), and the message adds the
 * broken rules. Without a device to run on, RULE replaces the JE. */
void rule_verdict(struct judgement *j, bool ran)
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
			          rule_name(v->rule), j->sum.file);
		else
			sb_printf(&b,
			          L("rule '%s': this exercise forbids it and %s:%d uses it (%s)",
			            "规则 '%s'：本题禁止使用它，而 %s:%d 用到了它（%s）"),
			          rule_name(v->rule), j->sum.file, v->line, v->what);
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
	j->sum.rules_json = rules_json(&j->rules, j->sum.file, output);
	if (!ran || output_right)
		j->sum.verdict = V_RULE;
}
