/* JSON writing; see json.h. */
#include "report/json.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (up to n bytes), 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	size_t len = s[0] < 0x80             ? 1
	             : (s[0] & 0xe0) == 0xc0 ? 2
	             : (s[0] & 0xf0) == 0xe0 ? 3
	             : (s[0] & 0xf8) == 0xf0 ? 4
	                                     : 0;
	if (len == 0 || len > n || (len == 2 && s[0] < 0xc2))
		return 0;
	for (size_t i = 1; i < len; ++i)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	return len;
}

void json_strn(struct strbuf *b, const char *s, size_t n)
{
	const unsigned char *u = (const unsigned char *)s;
	sb_add(b, "\"", 1);
	for (size_t i = 0; i < n;) {
		unsigned char c = u[i];
		if (c == '"' || c == '\\') {
			char esc[2] = {'\\', (char)c};
			sb_add(b, esc, 2);
			++i;
		} else if (c == '\n') {
			sb_add(b, "\\n", 2);
			++i;
		} else if (c == '\t') {
			sb_add(b, "\\t", 2);
			++i;
		} else if (c < 0x20 || c == 0x7f) {
			sb_printf(b, "\\u%04x", c);
			++i;
		} else {
			size_t len = utf8_len(u + i, n - i);
			if (len == 0) {
				sb_puts(b, "\\ufffd");
				++i;
			} else {
				sb_add(b, s + i, len);
				i += len;
			}
		}
	}
	sb_add(b, "\"", 1);
}

void json_str(struct strbuf *b, const char *s)
{
	if (!s) {
		sb_puts(b, "null");
		return;
	}
	json_strn(b, s, strlen(s));
}

void json_num(struct strbuf *b, double v)
{
	if (isnan(v))
		sb_puts(b, "\"NaN\"");
	else if (isinf(v))
		sb_puts(b, v > 0 ? "\"inf\"" : "\"-inf\"");
	else if (v == floor(v) && fabs(v) < 9e15)
		sb_printf(b, "%.0f", v);
	else
		sb_printf(b, "%.9g", v);
}

void json_key(struct strbuf *b, const char *key)
{
	if (b->len && b->s[b->len - 1] != '{')
		sb_puts(b, ",");
	json_str(b, key);
	sb_puts(b, ":");
}

void json_kv_str(struct strbuf *b, const char *key, const char *value)
{
	json_key(b, key);
	json_str(b, value);
}

void json_kv_num(struct strbuf *b, const char *key, double v)
{
	json_key(b, key);
	json_num(b, v);
}

void json_kv_pair(struct strbuf *b, const char *key, const char *en, const char *zh)
{
	json_key(b, key);
	sb_puts(b, "{");
	json_kv_str(b, "en", en);
	json_kv_str(b, "zh", zh);
	sb_puts(b, "}");
}
