/* The making of big cases on every core (harness/engine/parallel.c):
 * every element made once, and the same inputs whatever the threads. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"
#include "run/cases.h"
#include "unit.h"

struct count {
	uint8_t *seen;
	int64_t n;
	int bad; /* a range outside [0, n) */
};

static void count_range(void *ctx, int64_t lo, int64_t hi)
{
	struct count *c = ctx;
	if (lo < 0 || hi > c->n || lo >= hi) {
		__atomic_add_fetch(&c->bad, 1, __ATOMIC_RELAXED);
		return;
	}
	for (int64_t i = lo; i < hi; ++i)
		__atomic_add_fetch(&c->seen[i], 1, __ATOMIC_RELAXED);
}

static void test_every_element_once(void)
{
	const int64_t sizes[] = {0, 1, 5, 1000, 1000003};
	const int64_t chunks[] = {1, 7, 4096, 1000003, 2000000};
	for (size_t a = 0; a < sizeof sizes / sizeof *sizes; ++a)
		for (size_t b = 0; b < sizeof chunks / sizeof *chunks; ++b) {
			int64_t n = sizes[a];
			struct count c = {calloc((size_t)n + 1, 1), n, 0};
			parallel_chunks(n, chunks[b], count_range, &c);
			CHECK(c.bad == 0);
			int64_t wrong = 0;
			for (int64_t i = 0; i < n; ++i)
				wrong += c.seen[i] != 1;
			CHECK_INT(wrong, ==, 0);
			free(c.seen);
		}
}

struct fill {
	uint64_t key;
	int32_t *v;
};

static void fill_range(void *ctx, int64_t lo, int64_t hi)
{
	struct fill *f = ctx;
	struct rng r;
	case_chunk_rng(&r, f->key, lo);
	for (int64_t i = lo; i < hi; ++i)
		f->v[i] = (int32_t)rng_range(&r, -1000, 1000);
}

static void test_same_inputs_whatever_the_threads(void)
{
	const int64_t n = 3000017, chunk = 65536;
	struct fill par = {12345, malloc(n * sizeof(int32_t))},
	            one = {12345, malloc(n * sizeof(int32_t))};
	parallel_chunks(n, chunk, fill_range, &par);
	for (int64_t lo = 0; lo < n; lo += chunk) /* one thread, chunk by chunk */
		fill_range(&one, lo, lo + chunk < n ? lo + chunk : n);
	CHECK(memcmp(par.v, one.v, n * sizeof(int32_t)) == 0);
	/* and the chunks differ from each other: no chunk repeats the first */
	CHECK(memcmp(par.v, par.v + chunk, chunk * sizeof(int32_t)) != 0);
	free(par.v);
	free(one.v);
}

static const struct unit_test tests[] = {
        {"parallel_chunks: every element once, any size and chunk", test_every_element_once},
        {"case_chunk_rng: the same inputs in parallel as on one thread",
         test_same_inputs_whatever_the_threads},
        {0},
};

int main(int argc, char **argv)
{
	return unit_main(tests, argc, argv);
}
