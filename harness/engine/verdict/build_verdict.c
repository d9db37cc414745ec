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
#include "report/texts.h"
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
		say(&j->said, j->message, sizeof j->message, T_rule_library_on_emulator,
		    FIELDS(F_STR("rule", rule_name(v->rule)), F_STR("file", j->sum.file),
		           F_INT("line", v->line), F_STR("found", v->what)));
		j->sum.rules_json = rules_json(&j->rules, j->sum.file, NULL);
		return true;
	}
	return false;
}

void build_failed(struct judgement *j, const struct build_result *br)
{
	const char *log = j->sum.compile_log ? j->sum.compile_log : "";
	if (br->status == BUILD_TOOL_FAILED) {
		j->sum.verdict = V_JE;
		say(&j->said, j->message, sizeof j->message, T_compiler_failed,
		    FIELDS(F_STR("log", log)));
		return;
	}
	j->sum.verdict = V_CE;
	enum text_code code = br->host_code                        ? T_host_code_in_device_file
	                      : br->object_refused                 ? T_host_code_refused
	                      : br->status == BUILD_COMPILE_FAILED ? T_does_not_compile
	                                                           : T_does_not_link;
	char problem[sizeof j->message];
	say(&j->said, problem, sizeof problem, code, FIELDS(F_STR("file", j->sum.file)));
	if (strstr(log, "harness/problems/")) /* the glue's call does not fit the file */
		say(&j->said, j->message, sizeof j->message, T_signature_needed,
		    FIELDS(F_STR("problem", problem), F_STR("signature", j->entry->signature)));
	else
		snprintf(j->message, sizeof j->message, "%s", problem);
}

void no_device_to_run(struct judgement *j)
{
	j->sum.verdict = V_JE;
	bool emulated = (j->entry->backends & BACKEND_EMU) != 0;
	say(&j->said, j->message, sizeof j->message,
	    emulated ? T_no_device : T_no_device_nor_emulator,
	    FIELDS(F_STR("file", j->sum.file),
	           F_STR("why", j->dev.error[0] ? j->dev.error : text_of(T_word_no_device))));
}

bool reference_included(struct judgement *j)
{
	char *used = build_used_reference(j->work, j->o->root, j->source);
	if (!used)
		return false;
	j->sum.verdict = V_RULE;
	say(&j->said, j->message, sizeof j->message, T_reference_included,
	    FIELDS(F_STR("file", j->sum.file), F_STR("reference", used)));
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
	for (int i = 0; i < j->rules.n; ++i) {
		const struct rule_violation *v = &j->rules.v[i];
		char one[640];
		say(NULL, one, sizeof one, v->required ? T_rule_required : T_rule_forbidden,
		    FIELDS(F_STR("rule", rule_name(v->rule)), F_STR("file", j->sum.file),
		           F_INT("line", v->line), F_STR("found", v->what)));
		sb_printf(&b, "%s%s", i ? "; " : "", one);
	}
	char *rules = sb_take(&b);
	char earlier[sizeof j->message];
	snprintf(earlier, sizeof earlier, "%s", j->message);
	enum text_code code = !ran           ? T_rules_output_unchecked
	                      : output_right ? T_rules_output_right
	                                     : T_rules_and_output_wrong;
	say(&j->said, j->message, sizeof j->message, code,
	    FIELDS(F_STR("output", earlier), F_STR("rules", rules), F_INT("cases", j->nout)));
	free(rules);
	j->sum.rules_json = rules_json(&j->rules, j->sum.file, output);
	if (!ran || output_right)
		j->sum.verdict = V_RULE;
}
