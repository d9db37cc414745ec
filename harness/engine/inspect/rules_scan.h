/*
 * What the three parts of the RULE check share (rules.c: evaluation, the
 * background job and its cache; rules_ptx.c: the PTX; rules_source.c: the
 * source text and its directives). Not the engine's interface: rules.h is.
 */
#ifndef HARNESS_ENGINE_INSPECT_RULES_SCAN_H
#define HARNESS_ENGINE_INSPECT_RULES_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include "rules.h"

/* What was found, when it is a phrase rather than a name from the code. The
 * scan (and its cache file) keeps the English; rules_evaluate() gives the
 * learner's language. */
enum rule_phrase {
	PHRASE_COOPERATIVE,
	PHRASE_LIBRARY_CODE,
	PHRASE_LINE,
	PHRASE_INCLUDE,
	PHRASE_INCLUDE_MACRO,
	PHRASE_BACKEND,
	PHRASE_CJ_NAME,
	PHRASE_DEFINE,
	PHRASE_CUDA_DEFINITION,
	PHRASE_REFERENCE,
};

/* The phrase in English, as the scan records it. */
const char *rule_phrase(enum rule_phrase p);

/* Records the first use of rule (what: len bytes); later ones are ignored. */
void rule_note(struct rule_scan *s, int rule, int line, const char *what, size_t len);
void rule_note_text(struct rule_scan *s, int rule, int line, const char *what);
void rule_note_phrase(struct rule_scan *s, int rule, int line, enum rule_phrase p);

/* A byte of an identifier in PTX and C ($ included). */
bool rule_ident_char(int c);

/* A library's header or code path: CUB, Thrust, cuBLAS. */
bool rule_library_path(const char *path);

#endif
