/*
 * The fuzzer's bytes as a NUL-terminated string, for the fuzz targets that read text
 * (fuzz_c_lexer.c, fuzz_sanitize_log.c); NULL when there is no memory for it.
 */
#ifndef TESTS_FUZZ_FUZZ_TEXT_H
#define TESTS_FUZZ_FUZZ_TEXT_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static inline char *fuzz_text(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	if (text) {
		memcpy(text, data, size);
		text[size] = '\0';
	}
	return text;
}

#endif
