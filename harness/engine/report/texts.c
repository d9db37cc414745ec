/* The engine's texts and their rendering; see texts.h. */
#include "report/texts.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/json.h"
#include "report/lang.h"

static const struct {
	const char *name, *en, *zh;
} table[T_COUNT] = {
        [T_EXERCISE] = {"exercise", "{text}", "{text}"},
        [T_EMULATOR] = {"emulator", "{text}", "{text}"},
#define TEXT(code, en, zh) [T_##code] = {#code, en, zh},
#include "report/texts.def"
#undef TEXT
};

const char *text_code_name(enum text_code code)
{
	return (unsigned)code < T_COUNT ? table[code].name : NULL;
}

const char *text_in(enum text_code code, bool chinese)
{
	if ((unsigned)code >= T_COUNT || !table[code].en)
		return "";
	return chinese ? table[code].zh : table[code].en;
}

const char *text_of(enum text_code code)
{
	return text_in(code, lang_current == LANG_ZH);
}

/* Appends one field's value, with the conversion the text gives it (`spec`,
 * `len` bytes, may be empty). */
static void put_field(struct strbuf *b, const struct text_field *f, const char *spec, size_t len)
{
	char fmt[32], value[512];
	if (len > 16)
		len = 16;
	if (f->kind == 's') {
		snprintf(fmt, sizeof fmt, "%%%.*s", (int)(len ? len : 1), len ? spec : "s");
		snprintf(value, sizeof value, fmt, f->s ? f->s : "");
		sb_puts(b, len ? value : (f->s ? f->s : ""));
	} else if (f->kind == 'i') {
		/* "x" -> "%llx", "5d" -> "%5lld" */
		char conv = len ? spec[len - 1] : 'd';
		snprintf(fmt, sizeof fmt, "%%%.*sll%c", (int)(len ? len - 1 : 0), spec, conv);
		snprintf(value, sizeof value, fmt, f->i);
		sb_puts(b, value);
	} else {
		snprintf(fmt, sizeof fmt, "%%%.*s", (int)(len ? len : 1), len ? spec : "g");
		snprintf(value, sizeof value, fmt, f->n);
		sb_puts(b, value);
	}
}

static const struct text_field *find_field(const struct text_field *fields, const char *name,
                                           size_t len)
{
	for (int i = 0; fields && fields[i].name; ++i)
		if (strlen(fields[i].name) == len && !strncmp(fields[i].name, name, len))
			return &fields[i];
	return NULL;
}

/* The template with {name} and {name:spec} filled in; "{{" is a brace. */
static char *render(const char *tmpl, const struct text_field *fields)
{
	struct strbuf b = {0};
	for (const char *p = tmpl; *p;) {
		if (p[0] == '{' && p[1] == '{') {
			sb_puts(&b, "{");
			p += 2;
			continue;
		}
		const char *close = *p == '{' ? strchr(p, '}') : NULL;
		if (!close) {
			sb_add(&b, p, 1);
			p++;
			continue;
		}
		const char *colon = memchr(p, ':', (size_t)(close - p));
		const char *name_end = colon ? colon : close;
		const struct text_field *f = find_field(fields, p + 1, (size_t)(name_end - p - 1));
		if (f)
			put_field(&b, f, colon ? colon + 1 : "",
			          colon ? (size_t)(close - colon - 1) : 0);
		else /* a field nobody gave: shown, so that the tests see it */
			sb_add(&b, p, (size_t)(close - p + 1));
		p = close + 1;
	}
	return sb_take(&b);
}

/* Whether the text of code names the field `name`, in either language. */
static bool names_field(enum text_code code, const char *name)
{
	char plain[40], spec[40];
	snprintf(plain, sizeof plain, "{%s}", name);
	snprintf(spec, sizeof spec, "{%s:", name);
	for (int zh = 0; zh < 2; ++zh) {
		const char *t = text_in(code, zh);
		if (strstr(t, plain) || strstr(t, spec))
			return true;
	}
	return false;
}

/* The code and the fields its text names: a caller may offer more (the
 * fields of all the texts it chooses among), the JSON says only these. */
static void keep(struct message *m, enum text_code code, const struct text_field *fields)
{
	memset(m, 0, sizeof *m);
	m->code = code;
	for (int i = 0; fields && fields[i].name && m->n < MESSAGE_FIELDS; ++i) {
		const struct text_field *f = &fields[i];
		if (!names_field(code, f->name))
			continue;
		snprintf(m->f[m->n].name, sizeof m->f[m->n].name, "%s", f->name);
		m->f[m->n].kind = f->kind;
		m->f[m->n].i = f->i;
		m->f[m->n].n = f->n;
		if (f->kind == 's') {
			/* the last byte stays a NUL: the empty string of a full message */
			size_t room = sizeof m->strings - 1 - m->used;
			m->f[m->n].s = room > 1 ? m->used : (unsigned)sizeof m->strings - 1;
			if (room > 1) {
				utf8_copy(m->strings + m->used, room, f->s ? f->s : "");
				m->used += (unsigned)strlen(m->strings + m->used) + 1;
			}
		}
		m->n++;
	}
}

/* m's fields as text_fields (pointing into m), sentinel included. */
static void unpack(const struct message *m, struct text_field out[MESSAGE_FIELDS + 1])
{
	for (int i = 0; i < m->n; ++i)
		out[i] = (struct text_field){m->f[i].name, m->f[i].kind,
		                             m->f[i].kind == 's' ? m->strings + m->f[i].s : NULL,
		                             m->f[i].i, m->f[i].n};
	out[m->n] = (struct text_field){NULL, 0, NULL, 0, 0};
}

char *say(struct message *m, char *out, size_t size, enum text_code code,
          const struct text_field *fields)
{
	char *s = render(text_of(code), fields);
	utf8_copy(out, size, s);
	free(s);
	if (m)
		keep(m, code, fields);
	return out;
}

void message_cut(struct message *m, const char *cut)
{
	size_t n = strlen(cut);
	for (int i = 0; n && i < m->n; ++i) {
		if (m->f[i].kind != 's')
			continue;
		char *s = m->strings + m->f[i].s;
		for (char *p; (p = strstr(s, cut));)
			memmove(p, p + n, strlen(p + n) + 1);
	}
}

char *say_alloc(enum text_code code, const struct text_field *fields)
{
	return render(text_of(code), fields);
}

char *say_in(bool chinese, enum text_code code, const struct text_field *fields)
{
	return render(text_in(code, chinese), fields);
}

char *message_in(const struct message *m, bool chinese)
{
	struct text_field fields[MESSAGE_FIELDS + 1];
	unpack(m, fields);
	return say_in(chinese, m->code, fields);
}

char *message_render(const struct message *m, char *out, size_t size)
{
	struct text_field fields[MESSAGE_FIELDS + 1];
	unpack(m, fields);
	return say(NULL, out, size, m->code, fields);
}

void message_json(struct strbuf *b, const char *code_key, const char *fields_key,
                  const struct message *m)
{
	json_kv_str(b, code_key, m->code != T_NONE ? text_code_name(m->code) : NULL);
	if (!fields_key)
		return;
	json_key(b, fields_key);
	sb_puts(b, "{");
	for (int i = 0; i < m->n; ++i) {
		json_key(b, m->f[i].name);
		if (m->f[i].kind == 's')
			json_str(b, m->strings + m->f[i].s);
		else if (m->f[i].kind == 'i')
			sb_printf(b, "%lld", m->f[i].i);
		else
			json_num(b, m->f[i].n);
	}
	sb_puts(b, "}");
}
