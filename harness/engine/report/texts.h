/*
 * The engine's texts (report/texts.def): one table of every sentence it says,
 * in English and Chinese, each with a stable code and named fields.
 *
 *     struct message m;
 *     say(&m, out, sizeof out, T_case_failed,
 *         FIELDS(F_STR("case", c->name), F_STR("detail", detail)));
 *
 * renders the text in the language of the run (lang.h) into out and keeps
 * its code and fields in m, which the JSON carries beside the text
 * (message_json: docs/json.md), so that a reader decides by the code, never
 * by the words. Fields are copied: m stays valid when they change. A text
 * that is only part of another (a word, a clause) is rendered with m NULL,
 * or read with text_of() when it has no fields.
 */
#ifndef HARNESS_ENGINE_REPORT_TEXTS_H
#define HARNESS_ENGINE_REPORT_TEXTS_H

#include <stdbool.h>
#include <stddef.h>

#include "util.h"

enum text_code {
	T_NONE, /* nothing said */
	/* An exercise's or the emulator's own sentence, passed on as it is: its
	 * one field, "text", is the text (not in texts.def: their words are
	 * theirs). */
	T_EXERCISE,
	T_EMULATOR,
#define TEXT(code, en, zh) T_##code,
#include "report/texts.def"
#undef TEXT
	T_COUNT
};

struct text_field {
	const char *name;
	char kind; /* 's' string, 'i' whole number, 'n' number */
	const char *s;
	long long i;
	double n;
};
#define F_STR(name, v) ((struct text_field){(name), 's', (v), 0, 0})
#define F_INT(name, v) ((struct text_field){(name), 'i', NULL, (long long)(v), 0})
#define F_NUM(name, v) ((struct text_field){(name), 'n', NULL, 0, (double)(v)})
/* A list of fields for say(), ended by its sentinel. */
#define FIELDS(...) ((const struct text_field[]){__VA_ARGS__, {NULL, 0, NULL, 0, 0}})

#define MESSAGE_FIELDS 12

/* A text said: its code and a copy of its fields. */
struct message {
	enum text_code code;
	int n;
	struct {
		char name[24];
		char kind;
		long long i;
		double n;
		unsigned s; /* offset in strings */
	} f[MESSAGE_FIELDS];
	char strings[3072];
	unsigned used;
};

/* The code's name in the JSON ("case_failed"); NULL for T_NONE. */
const char *text_code_name(enum text_code code);

/* The text of code in the language of the run, fields not filled in. */
const char *text_of(enum text_code code);

/* The English and Chinese of code, for the check of the table. */
const char *text_in(enum text_code code, bool chinese);

/* Renders code with fields (NULL: none) into out (cut between whole UTF-8
 * characters when too long) and, unless m is NULL, keeps code and fields in
 * m. Returns out. */
char *say(struct message *m, char *out, size_t size, enum text_code code,
          const struct text_field *fields);

/* The same, malloc'd, nothing kept. */
char *say_alloc(enum text_code code, const struct text_field *fields);

/* The same in English or Chinese, whatever the run's language: a text the
 * JSON carries in both (the profile's findings). */
char *say_in(bool chinese, enum text_code code, const struct text_field *fields);

/* Takes every `cut` out of m's string fields (a path's root, say). */
void message_cut(struct message *m, const char *cut);

/* m rendered again in English or Chinese, malloc'd. */
char *message_in(const struct message *m, bool chinese);

/* Renders m again, into out. */
char *message_render(const struct message *m, char *out, size_t size);

/* `,"<key>":"code","<key2>":{fields}` for m: the code (null for T_NONE) under
 * code_key and the fields under fields_key (NULL: none written). */
void message_json(struct strbuf *b, const char *code_key, const char *fields_key,
                  const struct message *m);

#endif
