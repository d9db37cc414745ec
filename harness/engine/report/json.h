/* Writing JSON by hand into a strbuf: strings escaped (any bytes in, valid
 * UTF-8 out), numbers that stay valid JSON (no NaN or Infinity literals). */
#ifndef HARNESS_ENGINE_REPORT_JSON_H
#define HARNESS_ENGINE_REPORT_JSON_H

#include "util.h"

void json_str(struct strbuf *b, const char *s);
void json_strn(struct strbuf *b, const char *s, size_t n);
/* A number, or a string such as "NaN", "inf", "-inf" when it is not finite. */
void json_num(struct strbuf *b, double v);
/* A key and its colon, preceded by a comma unless first in its object (or
 * the buffer). */
void json_key(struct strbuf *b, const char *key);
/* json_key, then a string value (null for NULL) or a number. */
void json_kv_str(struct strbuf *b, const char *key, const char *value);
void json_kv_num(struct strbuf *b, const char *key, double v);
/* json_key, then {"en": en, "zh": zh}: a text in both languages. */
void json_kv_pair(struct strbuf *b, const char *key, const char *en, const char *zh);

#endif
