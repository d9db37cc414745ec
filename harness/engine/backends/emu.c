/* The emu backend: the learner's file built for the CPU emulator under
 * ThreadSanitizer (build/emu_build.h) and run with small cases and the
 * emulator's clock (backend.c); correctness only, no timing. See backend.h. */
#include <stdio.h>
#include <string.h>

#include "backends/backend.h"
#include "build/emu_build.h"
#include "judgement.h"
#include "report/lang.h"
#include "report/texts.h"
#include "util.h"

/* Why the emulator cannot judge the exercise: problems.yaml's skip.emu, or
 * skip.emu_zh in Chinese when it has one. */
static const char *emu_skip_reason(const struct problem_entry *e)
{
	if (lang_current == LANG_ZH && e->emu_skip_reason_zh)
		return e->emu_skip_reason_zh;
	return e->emu_skip_reason ? e->emu_skip_reason : text_of(T_emulator_needs_gpu);
}

static bool emu_ready(struct judgement *j)
{
	if (!(j->entry->backends & BACKEND_EMU) && !j->o->prebuilt) {
		j->sum.verdict = V_SKIP;
		say(&j->said, j->message, sizeof j->message, T_emulator_skips,
		    FIELDS(F_STR("id", j->entry->id), F_STR("why", emu_skip_reason(j->entry))));
		j->sum.backend = "emu";
		return false;
	}
	if (!j->paths.cxx && !j->o->prebuilt) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_cxx_missing, NULL);
		return false;
	}
	if (j->o->prebuilt)
		return true;
	j->sum.backend = "emu";
	const char *want = j->o->backend ? j->o->backend : "auto";
	snprintf(j->note, sizeof j->note, "%s",
	         text_of(!strcmp(want, "emu") ? T_note_emulator_asked : T_note_emulator_no_device));
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
};
