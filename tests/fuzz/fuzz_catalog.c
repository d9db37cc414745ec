/*
 * Fuzz target for the catalog loader (harness/engine/catalog.c): any bytes go
 * in; the loader must neither crash nor leak, and it must either accept them
 * or say why in one message that names the file. Built two ways:
 *   - with clang -fsanitize=fuzzer (libFuzzer), by tests/fuzz/libfuzzer.sh;
 *   - with fuzz_driver.c, a seeded mutation loop for any C compiler (the
 *     `fuzz_catalog` test of the unit suite, under ASan and UBSan where the
 *     compiler has them).
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../harness/engine/config/catalog.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define SHOWN "fuzz.yaml"

static void broken(const char *why, const char *err)
{
	fprintf(stderr, "fuzz_catalog: %s (message: '%s')\n", why, err);
	abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct catalog cat;
	char err[512];
	memset(err, 0x55, sizeof err); /* no NUL: the loader must write one */
	int rc = catalog_parse((const char *)data, size, SHOWN, &cat, err, sizeof err);
	if (rc == 0) {
		for (size_t i = 0; i < cat.n; ++i) {
			const struct problem_entry *e = &cat.entries[i];
			if (!e->id || !e->id[0])
				broken("an accepted entry without an id", "");
			if (catalog_find(&cat, e->id) != e)
				broken("an accepted id that catalog_find does not return", e->id);
		}
		catalog_free(&cat);
		return 0;
	}
	if (!memchr(err, '\0', sizeof err))
		broken("a rejection without a terminated message", "");
	if (strncmp(err, SHOWN ":", strlen(SHOWN ":")) != 0)
		broken("a rejection whose message does not start with the file's name", err);
	if (strlen(err) <= strlen(SHOWN ": "))
		broken("a rejection with an empty message", err);
	return 0;
}
