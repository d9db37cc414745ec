/* The language of the engine's texts; see lang.h. */
#include "report/lang.h"

#include <string.h>

enum lang lang_current = LANG_EN;

int lang_set(const char *name)
{
	if (!strcmp(name, "en"))
		lang_current = LANG_EN;
	else if (!strcmp(name, "zh"))
		lang_current = LANG_ZH;
	else
		return -1;
	return 0;
}

void utf8_copy(char *dst, size_t size, const char *src)
{
	if (!size)
		return;
	size_t n = strlen(src);
	if (n >= size) {
		n = size - 1;
		/* Back up over continuation bytes (10xxxxxx) to the lead byte of
		 * the character that does not fit, and drop it. */
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			--n;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
}
