/* Verdict names, corpus folders and exit codes; see verdict.h. */
#include "verdict/verdict.h"

#include <stddef.h>
#include <strings.h>

static const struct {
	const char *name, *folder;
	int exit_code;
	int rank; /* higher wins when findings are combined */
} table[V_COUNT] = {
        [V_AC] = {"AC", "accepted", 0, 0},           [V_SKIP] = {"SKIP", "skipped", 0, 1},
        [V_WA] = {"WA", "wrong_answer", 1, 2},       [V_RACE] = {"RACE", "race", 1, 3},
        [V_RE] = {"RE", "run_time_error", 1, 4},     [V_TLE] = {"TLE", "time_limit_exceeded", 1, 5},
        [V_RULE] = {"RULE", "rule_violation", 1, 6}, [V_CE] = {"CE", "compile_error", 1, 7},
        [V_JE] = {"JE", "judge_error", 2, 8},
};

const char *verdict_name(enum verdict v)
{
	return (unsigned)v < V_COUNT ? table[v].name : NULL;
}

const char *verdict_folder(enum verdict v)
{
	return (unsigned)v < V_COUNT ? table[v].folder : NULL;
}

int verdict_parse(const char *name)
{
	for (int v = 0; v < V_COUNT; ++v)
		if (name && !strcasecmp(name, table[v].name))
			return v;
	return -1;
}

int verdict_exit_code(enum verdict v)
{
	return (unsigned)v < V_COUNT ? table[v].exit_code : 2;
}

enum verdict verdict_worse(enum verdict a, enum verdict b)
{
	if ((unsigned)a >= V_COUNT)
		return b;
	if ((unsigned)b >= V_COUNT)
		return a;
	return table[b].rank > table[a].rank ? b : a;
}
