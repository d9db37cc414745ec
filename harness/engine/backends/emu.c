/* The emu backend: the learner's file built for the CPU emulator under
 * ThreadSanitizer (build/emu_build.h) and run with small cases and the
 * emulator's clock (backend.c); correctness only, no timing. See backend.h. */
#include <stdio.h>
#include <string.h>

#include "backends/backend.h"
#include "build/emu_build.h"
#include "judgement.h"
#include "report/lang.h"
#include "util.h"

/* Why the emulator cannot judge the exercise: problems.yaml's skip.emu, or
 * skip.emu_zh in Chinese when it has one. */
static const char *emu_skip_reason(const struct problem_entry *e)
{
	if (lang_current == LANG_ZH && e->emu_skip_reason_zh)
		return e->emu_skip_reason_zh;
	return e->emu_skip_reason ? e->emu_skip_reason : L("it needs a GPU", "它需要 GPU");
}

static bool emu_ready(struct judgement *j)
{
	if (!(j->entry->backends & BACKEND_EMU) && !j->o->prebuilt) {
		j->sum.verdict = V_SKIP;
		snprintf(j->message, sizeof j->message,
		         L("the CPU emulator cannot judge %s: %s", "CPU 模拟器无法评测 %s：%s"),
		         j->entry->id, emu_skip_reason(j->entry));
		j->sum.backend = "emu";
		return false;
	}
	if (!j->paths.cxx && !j->o->prebuilt) {
		j->sum.verdict = V_JE;
		snprintf(
		        j->message, sizeof j->message, "%s",
		        L("the emulator needs a C++ compiler (g++) and none was found: "
		          "sudo apt-get install -y g++",
		          "模拟器需要 C++ 编译器（g++），但没有找到：sudo apt-get install -y g++"));
		return false;
	}
	if (j->o->prebuilt)
		return true;
	j->sum.backend = "emu";
	const char *want = j->o->backend ? j->o->backend : "auto";
	snprintf(j->note, sizeof j->note, "%s",
	         !strcmp(want, "emu")
	                 ? L("judged on the CPU emulator (correctness only, no timing)",
	                     "在 CPU 模拟器上评测（只检查正确性，不计时）")
	                 : L("no CUDA device found: judged on the CPU emulator (correctness "
	                     "only, no timing)",
	                     "没有找到 CUDA 设备：在 CPU 模拟器上评测（只检查正确性，"
	                     "不计时）"));
	return true;
}

static void emu_build(struct judgement *j, struct build_result *br)
{
	j->bin = xasprintf("%s/test", j->work);
	build_emulated_binary(&j->paths, j->entry->id, j->source, j->work, j->bin,
	                      j->entry->coresident, br);
}

const struct backend backend_emu = {
        .name = "emu",
        .supports = BACKEND_SMALL_CASES,
        .ready = emu_ready,
        .build = emu_build,
        .limits = backend_default_limits,
        .command = NULL,
        .after_run = NULL,
};
