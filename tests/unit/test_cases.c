/* The making of big cases on every core (harness/engine/parallel.c):
 * every element made once, and the same inputs whatever the threads; the
 * cases kept in a folder for other judgements (run/cases_dir.h): read back
 * whole, never from another key or a damaged file, never for a backend that
 * runs the learner's code on the host. */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backends/backend.h"
#include "problem.h"
#include "rng.h"
#include "run/cases.h"
#include "run/cases_dir.h"
#include "unit.h"
#include "util.h"

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

/* Two cases: an input, an in-out buffer, an output with a golden copy and a
 * tolerance scale; values drawn from seed. */
static void make_set(struct case_set *set, uint64_t seed)
{
	char err[256];
	CHECK(case_set_init(set, (uint64_t)64 << 20, err, sizeof err) == 0);
	set->int_poison = 0x9a;
	struct rng r;
	rng_seed(&r, seed);
	for (int k = 0; k < 2; ++k) {
		struct jcase *c = case_new(set, k ? "big" : "small");
		uint64_t n = k ? 1000003 : 7;
		c->param[0] = (int64_t)n;
		c->timed = k == 1;
		int32_t *in = case_buf(set, c, "in", CJ_I32, CJ_IN, n)->data;
		struct jbuf *io = case_buf(set, c, "io", CJ_I32, CJ_INOUT, n);
		struct jbuf *out = case_buf(set, c, "out", CJ_F32, CJ_OUT, n);
		double *scale = case_scale(out);
		for (uint64_t i = 0; i < n; ++i) {
			in[i] = (int32_t)rng_range(&r, -1000, 1000);
			((int32_t *)io->data)[i] = (int32_t)i;
			((int32_t *)io->expect)[i] = in[i] + (int32_t)i;
			((float *)out->expect)[i] = (float)in[i] * 0.5f;
			scale[i] = 1.0 + (double)i;
		}
	}
}

/* Whether b holds what a holds: the table, the inputs, the golden outputs
 * and scales (not the outputs, which every run poisons). */
static bool same_cases(const struct case_set *a, const struct case_set *b)
{
	if (a->n != b->n || a->used != b->used || a->int_poison != b->int_poison)
		return false;
	for (int i = 0; i < a->n; ++i) {
		const struct jcase *x = &a->cases[i], *y = &b->cases[i];
		if (strcmp(x->name, y->name) || x->timed != y->timed || x->nbuf != y->nbuf ||
		    memcmp(x->param, y->param, sizeof x->param))
			return false;
		for (int k = 0; k < x->nbuf; ++k) {
			const struct jbuf *p = &x->buf[k], *q = &y->buf[k];
			size_t bytes = p->count * CJ_ELEM_SIZE;
			if (p->count != q->count || p->role != q->role || p->poison != q->poison ||
			    (uint8_t *)p->data - a->base != (uint8_t *)q->data - b->base ||
			    (p->role != CJ_OUT && memcmp(p->data, q->data, bytes)) ||
			    !p->expect != !q->expect ||
			    (p->expect && memcmp(p->expect, q->expect, bytes)) ||
			    !p->scale != !q->scale ||
			    (p->scale && memcmp(p->scale, q->scale, p->count * sizeof *p->scale)))
				return false;
		}
	}
	return true;
}

static void test_cases_kept_in_a_folder(void)
{
	char dir[] = "/tmp/cj-test-cases-XXXXXX";
	CHECK(mkdtemp(dir) != NULL);
	struct cases_key key, other;
	cases_key_make(&key, "warp_scan", 1000003, 42, true, false);
	cases_key_make(&other, "warp_scan", 1000003, 43, true, false);
	CHECK(strcmp(key.name, other.name) != 0);

	struct case_set made, kept;
	char err[256];
	make_set(&made, 42);
	uint64_t hash = case_set_hash_inputs(&made), got_hash = 0;
	CHECK(case_set_init(&kept, (uint64_t)64 << 20, err, sizeof err) == 0);
	CHECK(!cases_dir_load(dir, &key, &kept, &got_hash)); /* nothing kept yet */
	CHECK(cases_dir_save(dir, &key, &made, hash, err, sizeof err));
	CHECK(cases_dir_load(dir, &key, &kept, &got_hash));
	CHECK(got_hash == hash);
	CHECK(same_cases(&made, &kept));
	CHECK(case_set_hash_inputs(&kept) == hash);
	case_set_prepare(&kept); /* poisons the outputs, keeps the in-out buffer */
	CHECK(kept.cases[1].buf[1].initial != NULL);
	CHECK(((uint8_t *)kept.cases[1].buf[2].data)[0] == 0xff);
	case_set_free(&kept);

	/* another seed's key reads nothing */
	CHECK(case_set_init(&kept, (uint64_t)64 << 20, err, sizeof err) == 0);
	CHECK(!cases_dir_load(dir, &other, &kept, &got_hash));
	CHECK_INT(kept.n, ==, 0);

	/* a damaged file (cut short) reads nothing, and leaves the set empty */
	char *path = xasprintf("%s/%s.cases", dir, key.name);
	CHECK(truncate(path, 5000) == 0);
	CHECK(!cases_dir_load(dir, &key, &kept, &got_hash));
	CHECK_INT(kept.n, ==, 0);
	CHECK(kept.kept == NULL);
	case_set_free(&kept);

	/* the lock is a file lock: taken, dropped, taken again */
	int lock = cases_dir_lock(dir, &key);
	CHECK(lock >= 0);
	cases_dir_unlock(lock);
	lock = cases_dir_lock(dir, &key);
	CHECK(lock >= 0);
	cases_dir_unlock(lock);

	case_set_free(&made);
	free(path);
	remove_tree(dir);
}

static void test_cases_kept_only_without_learner_host_code(void)
{
	CHECK(cases_may_be_kept(backend_gpu.supports, false));
	CHECK(!cases_may_be_kept(backend_linked.supports, false));
	CHECK(!cases_may_be_kept(backend_emu.supports, false));
	CHECK(!cases_may_be_kept(backend_sanitize.supports, false));
	CHECK(cases_may_be_kept(backend_linked.supports, true)); /* the tests' own program */
}

static const struct unit_test tests[] = {
        {"cases_dir: a case set saved and read back whole; another key or a damaged file "
         "reads nothing",
         test_cases_kept_in_a_folder},
        {"cases_dir: kept only by a backend that runs no learner code on the host",
         test_cases_kept_only_without_learner_host_code},
        {"parallel_chunks: every element once, any size and chunk", test_every_element_once},
        {"case_chunk_rng: the same inputs in parallel as on one thread",
         test_same_inputs_whatever_the_threads},
        {0},
};

int main(int argc, char **argv)
{
	return unit_main(tests, argc, argv);
}
